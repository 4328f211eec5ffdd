import { greatCircleMeters, isValidCoordinate, type LatLng } from '@milepost/geo/distance';
import type { PlaceItem } from '@milepost/contracts/places-api';

/**
 * An in-memory prefix index over US cities and ZIP codes, built once from gazetteer rows
 * (one row per ZIP code: the ZIP, its city and state, and its centre).
 *
 * - A city is every distinct (city, state) pair; its position is the median of its ZIP
 *   centres, and its weight is ln(1 + number of ZIP codes), the population proxy (the data
 *   has no population; a city's ZIP count grows with it: Houston 190, Dallas 120, Dalton GA 4).
 * - Keys, all normalised (lower case, no accents, punctuation as spaces): the name
 *   ("new york"), the name with the state ("new york ny", "new york new york"), the name with
 *   Saint/St, Fort/Ft, Mount/Mt swapped ("st louis"), and every later word of the name
 *   ("york", "city" of "Kansas City") so a second word also finds the place.
 * - A query is a binary search to the first key at or after it, then a scan while keys start
 *   with it. Ranking: exact name (or name plus state) first, then name prefix, then later-word
 *   prefix; within each, weight minus a gentle distance penalty from the bias point, so a big
 *   city far away still beats a hamlet next door, but between two Springfields the nearer wins.
 * - Digits-only queries search ZIP codes by prefix the same way.
 */

export interface GazetteerRow {
  zip: string;
  city: string;
  /** Two-letter USPS code. */
  state: string;
  lat: number;
  lng: number;
}

export interface PlaceIndex {
  /** Cities first, then ZIP codes. */
  readonly places: readonly IndexedPlace[];
  readonly cityCount: number;
  readonly zipCount: number;
  /** Sorted name keys with, for each, the place it belongs to, its kind and (for name+state keys) the name length. */
  readonly keys: readonly string[];
  readonly keyPlace: Int32Array;
  readonly keyKind: Uint8Array;
  readonly keyNameLength: Uint16Array;
  /** Sorted ZIP codes with the place of each. */
  readonly zips: readonly string[];
  readonly zipPlace: Int32Array;
  /** Scratch for one search at a time (searches are synchronous). */
  readonly seen: Int32Array;
  readonly bestTier: Uint8Array;
  stamp: number;
}

export interface IndexedPlace {
  id: string;
  label: string;
  lat: number;
  lng: number;
  /** ln(1 + ZIP codes of the city): the population proxy. */
  weight: number;
}

export interface SearchOptions {
  limit: number;
  /** Bias point: nearer places rank higher among equals. */
  at: LatLng;
}

const KIND_NAME = 0;
const KIND_QUALIFIED = 1;
const KIND_WORD = 2;

/** Tiers, best first. */
const TIER_EXACT = 0;
const TIER_PREFIX = 1;
const TIER_WORD = 2;

/**
 * How much distance counts against weight: the penalty is DISTANCE_WEIGHT × ln(1 + km / 100).
 * From New York, Dallas TX (120 ZIPs, 2 200 km) still beats Dallas PA (2 ZIPs, 170 km); from
 * Springfield MO, Springfield MO (16 ZIPs) beats Springfield IL (38 ZIPs, 350 km away).
 */
const DISTANCE_WEIGHT = 0.8;

/** Military mail (APO/FPO) and freely associated states are not places a truck goes. */
const EXCLUDED_STATES = new Set(['AA', 'AE', 'AP', 'FM', 'MH', 'PW']);

const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  VI: 'Virgin Islands',
  GU: 'Guam',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
};

/** Lower case, accents off, apostrophes dropped, every other non-alphanumeric run as one space. */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const SWAPS: Record<string, string> = { saint: 'st', st: 'saint', fort: 'ft', ft: 'fort', mount: 'mt', mt: 'mount' };

const HAS_SWAP = /\b(saint|st|fort|ft|mount|mt)\b/;

/** The normalised name and its common spellings (St Louis / Saint Louis, O Fallon / OFallon). */
function nameVariants(city: string, base: string): string[] {
  const variants = [base];
  if (city.includes("'") || city.includes('’')) variants.push(normalize(city.replace(/['’]/g, ' ')));
  for (const v of variants.slice()) {
    if (HAS_SWAP.test(v)) variants.push(v.replace(/\b(saint|st|fort|ft|mount|mt)\b/g, (w) => SWAPS[w]!));
  }
  return [...new Set(variants)];
}

/**
 * Gazetteer "cities" that are really a company, an agency or a mail unit with a ZIP code of
 * its own ('At&t', '115 Firms', 'Bank Of New York', 'Allstate Insurance Co'). Their ZIP codes
 * are still found; they are just not offered as cities.
 */
const NOT_A_CITY =
  /[0-9&/]|\b(inc|corp|co|company|insurance|ins|firms|dept|svc|ctr|lending|citibank|citicorp|roebuck|lottery|syste)\b|\bbank of\b|\b(natl|national|first|us|fargo|amsouth|merchants|one|centerre) bank\b|\bamerican express\b|\b(contest|express) mail\b|\bmail (box|service)\b|\b(parcel|blair) return\b|\bcard center\b|\bgreeting card\b/i;

function median(values: number[]): number {
  if (values.length === 1) return values[0]!;
  const s = values.sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function buildPlaceIndex(rows: Iterable<GazetteerRow>): PlaceIndex {
  const groups = new Map<string, { city: string; state: string; rows: GazetteerRow[] }>();
  const zipRows: GazetteerRow[] = [];
  for (const row of rows) {
    if (EXCLUDED_STATES.has(row.state) || !/^\d{5}$/.test(row.zip) || !isValidCoordinate(row.lat, row.lng) || !row.city.trim()) continue;
    zipRows.push(row);
    const key = `${row.state}|${row.city.toLowerCase()}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { city: row.city, state: row.state, rows: [] }));
    g.rows.push(row);
  }

  const stateKeyCache = new Map<string, string[]>();
  const stateKeysOf = (state: string) => {
    let keys = stateKeyCache.get(state);
    if (!keys) stateKeyCache.set(state, (keys = [state.toLowerCase(), ...(STATE_NAMES[state] ? [normalize(STATE_NAMES[state])] : [])]));
    return keys;
  };
  const places: IndexedPlace[] = [];
  const usedIds = new Set<string>();
  const cityWeight = new Map<string, number>();
  type Entry = { key: string; place: number; kind: number; nameLength: number };
  const entries: Entry[] = [];
  for (const [groupKey, g] of groups) {
    const weight = Math.log1p(g.rows.length);
    cityWeight.set(groupKey, weight);
    if (NOT_A_CITY.test(g.city)) continue;
    const place = places.length;
    const base = normalize(g.city);
    let id = `us-city:${g.state}:${base.replace(/ /g, '-')}`;
    // Two spellings of one name in a state ("O'Fallon", "O Fallon") stay two places with their own ids.
    for (let n = 2; usedIds.has(id); n++) id = `us-city:${g.state}:${base.replace(/ /g, '-')}-${n}`;
    usedIds.add(id);
    places.push({
      id,
      label: `${g.city}, ${g.state}, United States`,
      lat: median(g.rows.map((r) => r.lat)),
      lng: median(g.rows.map((r) => r.lng)),
      weight,
    });
    const stateKeys = stateKeysOf(g.state);
    for (const name of nameVariants(g.city, base)) {
      entries.push({ key: name, place, kind: KIND_NAME, nameLength: name.length });
      for (const s of stateKeys) entries.push({ key: `${name} ${s}`, place, kind: KIND_QUALIFIED, nameLength: name.length });
    }
    for (let i = base.indexOf(' '); i !== -1; i = base.indexOf(' ', i + 1)) {
      entries.push({ key: base.slice(i + 1), place, kind: KIND_WORD, nameLength: 0 });
    }
  }
  const cityCount = places.length;

  zipRows.sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
  const zips: string[] = [];
  const zipPlace = new Int32Array(zipRows.length);
  for (const row of zipRows) {
    if (zips.length && zips[zips.length - 1] === row.zip) continue;
    zipPlace[zips.length] = places.length;
    zips.push(row.zip);
    places.push({
      id: `us-zip:${row.zip}`,
      label: `${row.city}, ${row.state} ${row.zip}, United States`,
      lat: row.lat,
      lng: row.lng,
      weight: cityWeight.get(`${row.state}|${row.city.toLowerCase()}`) ?? 0,
    });
  }

  entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.kind - b.kind));
  const keyPlace = new Int32Array(entries.length);
  const keyKind = new Uint8Array(entries.length);
  const keyNameLength = new Uint16Array(entries.length);
  entries.forEach((e, i) => {
    keyPlace[i] = e.place;
    keyKind[i] = e.kind;
    keyNameLength[i] = e.nameLength;
  });
  return {
    places,
    cityCount,
    zipCount: zips.length,
    keys: entries.map((e) => e.key),
    keyPlace,
    keyKind,
    keyNameLength,
    zips,
    zipPlace: zipPlace.slice(0, zips.length),
    seen: new Int32Array(places.length),
    bestTier: new Uint8Array(places.length),
    stamp: 0,
  };
}

/** First index whose key is >= prefix. */
function lowerBound(sorted: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Ranked {
  place: number;
  tier: number;
  score: number;
}

const before = (a: Ranked, b: Ranked, places: readonly IndexedPlace[]) =>
  a.tier !== b.tier ? a.tier < b.tier : a.score !== b.score ? a.score > b.score : places[a.place]!.label < places[b.place]!.label;

/** Keeps the best `limit` candidates in order (limit is small, so insertion beats sorting all). */
function offer(top: Ranked[], candidate: Ranked, limit: number, places: readonly IndexedPlace[]) {
  if (top.length === limit && !before(candidate, top[limit - 1]!, places)) return;
  let i = top.length === limit ? limit - 1 : top.length;
  if (top.length < limit) top.push(candidate);
  while (i > 0 && before(candidate, top[i - 1]!, places)) {
    top[i] = top[i - 1]!;
    i--;
  }
  top[i] = candidate;
}

/** The best `limit` places for a query, best first. */
/** A label pasted back ("Dallas, TX, United States") searches without its country. */
const COUNTRY_SUFFIX = / (united states( of america)?|usa)$/;

export function searchPlaces(index: PlaceIndex, query: string, options: SearchOptions): PlaceItem[] {
  const q = normalize(query).replace(COUNTRY_SUFFIX, '');
  if (q.length < 2 || options.limit < 1) return [];
  const { places } = index;
  const score = (place: number) => {
    const p = places[place]!;
    return p.weight - DISTANCE_WEIGHT * Math.log1p(greatCircleMeters(options.at, p) / 100_000);
  };
  const top: Ranked[] = [];

  if (/^\d+$/.test(q)) {
    for (let i = lowerBound(index.zips, q); i < index.zips.length && index.zips[i]!.startsWith(q); i++) {
      const place = index.zipPlace[i]!;
      offer(top, { place, tier: index.zips[i]!.length === q.length ? TIER_EXACT : TIER_PREFIX, score: score(place) }, options.limit, places);
    }
  } else {
    // A place can match through several keys: keep its best tier, then rank each place once.
    if (index.stamp >= 0x7fffffff) {
      index.seen.fill(0);
      index.stamp = 0;
    }
    const stamp = ++index.stamp;
    const matched: number[] = [];
    const { keys, keyPlace, keyKind, keyNameLength, seen, bestTier } = index;
    for (let i = lowerBound(keys, q); i < keys.length && keys[i]!.startsWith(q); i++) {
      const kind = keyKind[i]!;
      let tier: number;
      if (kind === KIND_NAME) tier = keys[i]!.length === q.length ? TIER_EXACT : TIER_PREFIX;
      else if (kind === KIND_QUALIFIED) {
        // "dallas t…": the whole name and part of the state. Shorter queries match the name key itself.
        if (q.length <= keyNameLength[i]!) continue;
        tier = TIER_EXACT;
      } else tier = TIER_WORD;
      const place = keyPlace[i]!;
      if (seen[place] !== stamp) {
        seen[place] = stamp;
        bestTier[place] = tier;
        matched.push(place);
      } else if (tier < bestTier[place]!) bestTier[place] = tier;
    }
    for (const place of matched) offer(top, { place, tier: bestTier[place]!, score: score(place) }, options.limit, places);
  }

  return top.map(({ place }) => {
    const p = places[place]!;
    return { id: p.id, title: p.label, address: { label: p.label }, position: { lat: p.lat, lng: p.lng } };
  });
}
