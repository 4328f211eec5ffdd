import { describe, expect, it } from 'vitest';
import { buildPlaceIndex, normalize, searchPlaces, type GazetteerRow } from './place-index';

const NEW_YORK = { lat: 40.7128, lng: -74.006 };

/** `n` ZIP rows for one city around a point (more ZIP codes = bigger city). */
function city(name: string, state: string, lat: number, lng: number, n = 1, firstZip = 10000): GazetteerRow[] {
  return Array.from({ length: n }, (_, i) => ({ zip: String(firstZip + i).padStart(5, '0'), city: name, state, lat: lat + i * 0.001, lng }));
}

const rows: GazetteerRow[] = [
  ...city('Dallas', 'TX', 32.78, -96.8, 40, 75201),
  ...city('Dallas', 'PA', 41.33, -75.96, 2, 18612),
  ...city('Dalton', 'GA', 34.77, -84.97, 4, 30720),
  ...city('Springfield', 'IL', 39.8, -89.65, 30, 62701),
  ...city('Springfield', 'MO', 37.2, -93.29, 15, 65801),
  ...city('Springfield', 'MA', 42.1, -72.59, 20, 1101),
  ...city('New York', 'NY', 40.75, -73.99, 100, 10001),
  ...city('York', 'PA', 39.96, -76.73, 6, 17401),
  ...city('Saint Louis', 'MO', 38.63, -90.2, 50, 63101),
  ...city("O'Fallon", 'IL', 38.59, -89.91, 2, 62269),
  ...city('Bank Of New York', 'NY', 40.75, -73.99, 1, 10286),
  ...city('Apo', 'AE', 50, 8, 30, 9001),
  { zip: '99999', city: 'Nowhere', state: 'TX', lat: 0, lng: 0 },
];
const index = buildPlaceIndex(rows);
const titles = (q: string, at = NEW_YORK, limit = 5) => searchPlaces(index, q, { limit, at }).map((p) => p.title);

describe('place index', () => {
  it('normalises case, accents, apostrophes and punctuation', () => {
    expect(normalize("  Coeur d'Alène,  ID ")).toBe('coeur dalene id');
    expect(normalize('St. Louis')).toBe('st louis');
    expect(normalize('Winston-Salem')).toBe('winston salem');
  });

  it('ranks exact name, then name prefix, then later-word prefix; heavier cities first', () => {
    expect(titles('dal')).toEqual(['Dallas, TX, United States', 'Dallas, PA, United States', 'Dalton, GA, United States']);
    expect(titles('york')).toEqual(['York, PA, United States', 'New York, NY, United States']);
    expect(titles('new y')).toEqual(['New York, NY, United States']);
  });

  it('biases toward the given point among comparable places', () => {
    expect(titles('springfield', { lat: 37.2, lng: -93.29 })[0]).toBe('Springfield, MO, United States');
    expect(titles('springfield', { lat: 39.8, lng: -89.65 })[0]).toBe('Springfield, IL, United States');
    expect(titles('springfield')[0]).toBe('Springfield, MA, United States');
    expect(titles('dal', { lat: 41.33, lng: -75.96 })[0]).toBe('Dallas, TX, United States');
  });

  it('matches the name with its state, and alternative spellings', () => {
    expect(titles('dallas p')).toEqual(['Dallas, PA, United States']);
    expect(titles('dallas pennsylvania')).toEqual(['Dallas, PA, United States']);
    expect(titles('st louis')).toEqual(['Saint Louis, MO, United States']);
    expect(titles('ofallon')).toEqual(["O'Fallon, IL, United States"]);
    expect(titles('o fallon')).toEqual(["O'Fallon, IL, United States"]);
    // A label pasted back finds its place.
    expect(titles('Dallas, TX, United States')).toEqual(['Dallas, TX, United States']);
    expect(titles('dallas pa usa')).toEqual(['Dallas, PA, United States']);
  });

  it('lists each place once however many keys it matched', () => {
    const ids = searchPlaces(index, 'new york', { limit: 20, at: NEW_YORK }).map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('searches ZIP codes by prefix, the exact one first', () => {
    expect(titles('75203')).toEqual(['Dallas, TX 75203, United States']);
    expect(titles('7520', NEW_YORK, 20)).toHaveLength(9); // 75201-75209
    expect(titles('186')).toEqual(['Dallas, PA 18612, United States', 'Dallas, PA 18613, United States']);
  });

  it('leaves out companies as cities, military mail and rows without coordinates', () => {
    expect(titles('bank')).toEqual([]);
    expect(titles('10286')).toEqual(['Bank Of New York, NY 10286, United States']);
    expect(titles('apo')).toEqual([]);
    expect(titles('nowhere')).toEqual([]);
    expect(titles('99999')).toEqual([]);
  });

  it('gives the city the median position of its ZIP codes and unique ids', () => {
    const [dallas] = searchPlaces(index, 'dallas tx', { limit: 1, at: NEW_YORK });
    expect(dallas!.position.lat).toBeCloseTo(32.78 + 0.0195, 4);
    const ids = index.places.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers nothing below 2 normalised characters and honours the limit', () => {
    expect(titles('d.')).toEqual([]);
    expect(titles('sp', NEW_YORK, 2)).toHaveLength(2);
  });
});
