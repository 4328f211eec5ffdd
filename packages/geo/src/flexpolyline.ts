/**
 * HERE's flexible polyline format (the `polyline` of a HERE Routing v8 section, and Milepost's
 * compact storage of GPS breadcrumbs), encoded and decoded with integer accumulation: every
 * value is kept as an exact scaled integer while deltas are summed and divided by 10^precision
 * once, so a decoded coordinate is the nearest double to its decimal (`50.09878`, never
 * `50.098780000000005`). Format: docs/integrations/flexible-polyline.md.
 *
 * Two shapes: `encode`/`decode` take and give `[lat, lng(, z)][]` like npm `@here/flexpolyline`;
 * `encodeColumns`/`decodeColumns` work on typed arrays (one column per dimension), which is what
 * the mileage engine reads. Values must fit in ±2^53 once scaled (any real coordinate, epoch
 * second or odometer metre does); larger ones throw a RangeError instead of losing digits.
 */

export const FORMAT_VERSION = 1;

/** Third-dimension kinds of the format header (4 and 5 are reserved). */
export const THIRD_DIM = { ABSENT: 0, LEVEL: 1, ALTITUDE: 2, ELEVATION: 3, CUSTOM1: 6, CUSTOM2: 7 } as const;
export type ThirdDim = (typeof THIRD_DIM)[keyof typeof THIRD_DIM];

export interface PolylineHeader {
  /** Decimal digits kept for latitude and longitude, 0–15 (HERE routes use 5). */
  precision: number;
  thirdDim: ThirdDim;
  /** Decimal digits kept for the third dimension, 0–15. */
  thirdDimPrecision: number;
}

export interface DecodedPolyline extends PolylineHeader {
  polyline: number[][];
}

export interface PolylineColumns {
  lat: Float64Array;
  lng: Float64Array;
  /** Present when the header has a third dimension. */
  z?: Float64Array;
}

export interface DecodedColumns extends PolylineHeader, PolylineColumns {}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const ENCODE_TABLE = new Uint8Array(64);
const DECODE_TABLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  ENCODE_TABLE[i] = ALPHABET.charCodeAt(i);
  DECODE_TABLE[ALPHABET.charCodeAt(i)] = i;
}

const TWO_POW_53 = 2 ** 53;
const POW2 = Array.from({ length: 56 }, (_, i) => 2 ** i);

function checkHeader({ precision, thirdDim, thirdDimPrecision }: { precision: number; thirdDim: number; thirdDimPrecision: number }): void {
  if (!Number.isInteger(precision) || precision < 0 || precision > 15) throw new RangeError('precision out of range. Should be between 0 and 15');
  if (!Number.isInteger(thirdDimPrecision) || thirdDimPrecision < 0 || thirdDimPrecision > 15) throw new RangeError('thirdDimPrecision out of range. Should be between 0 and 15');
  if (!Number.isInteger(thirdDim) || thirdDim < 0 || thirdDim > 7 || thirdDim === 4 || thirdDim === 5) throw new RangeError('thirdDim should be between 0, 1, 2, 3, 6 or 7');
}

/** A growable ASCII buffer: the encoder writes bytes, then makes one string at the end. */
class Writer {
  buf = new Uint8Array(256);
  len = 0;

  reserve(n: number): void {
    if (this.len + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.len + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.len));
    this.buf = next;
  }

  /** Unsigned varint, 5 bits a character, least significant first. */
  unsigned(value: number): void {
    this.reserve(11);
    const buf = this.buf;
    let v = value;
    if (v < 0x80000000) {
      while (v > 0x1f) {
        buf[this.len++] = ENCODE_TABLE[(v & 0x1f) | 0x20]!;
        v >>>= 5;
      }
    } else {
      while (v > 0x1f) {
        const low = v % 32;
        buf[this.len++] = ENCODE_TABLE[low | 0x20]!;
        v = (v - low) / 32;
      }
    }
    buf[this.len++] = ENCODE_TABLE[v]!;
  }

  /** Zig-zag signed value: 2v for v ≥ 0, −2v − 1 for v < 0. */
  signed(value: number): void {
    if (!(Math.abs(value) < TWO_POW_53 / 2)) throw new RangeError(`Value ${value} does not fit the polyline's exact integer range`);
    this.unsigned(value < 0 ? -2 * value - 1 : 2 * value);
  }

  toString(): string {
    let out = '';
    // String.fromCharCode takes its arguments on the stack: convert in slices.
    for (let i = 0; i < this.len; i += 8192) out += String.fromCharCode.apply(null, this.buf.subarray(i, Math.min(this.len, i + 8192)) as unknown as number[]);
    return out;
  }
}

function writeHeader(w: Writer, h: PolylineHeader): void {
  checkHeader(h);
  w.unsigned(FORMAT_VERSION);
  w.unsigned((h.thirdDimPrecision << 7) | (h.thirdDim << 4) | h.precision);
}

/** Scales like the reference encoder (Math.round of value × 10^precision) so both give the same string. */
function scaled(value: number, factor: number): number {
  const s = Math.round(value * factor);
  if (!Number.isFinite(s)) throw new RangeError(`Cannot encode ${value}`);
  return s;
}

/** Encodes `[lat, lng(, z)]` points; the same parameters and output as npm `@here/flexpolyline`. */
export function encode({
  polyline,
  precision = 5,
  thirdDim = THIRD_DIM.ABSENT,
  thirdDimPrecision = 0,
}: { polyline: readonly (readonly number[])[] } & Partial<PolylineHeader>): string {
  const w = new Writer();
  writeHeader(w, { precision, thirdDim, thirdDimPrecision });
  const f = 10 ** precision;
  const fz = 10 ** thirdDimPrecision;
  let lastLat = 0;
  let lastLng = 0;
  let lastZ = 0;
  for (const p of polyline) {
    const lat = scaled(p[0]!, f);
    const lng = scaled(p[1]!, f);
    w.signed(lat - lastLat);
    w.signed(lng - lastLng);
    lastLat = lat;
    lastLng = lng;
    if (thirdDim) {
      const z = scaled(p[2]!, fz);
      w.signed(z - lastZ);
      lastZ = z;
    }
  }
  return w.toString();
}

/** Encodes typed-array columns (a third dimension when `z` is given and the header says so). */
export function encodeColumns(
  { lat, lng, z }: { lat: ArrayLike<number>; lng: ArrayLike<number>; z?: ArrayLike<number> },
  { precision = 5, thirdDim = z ? THIRD_DIM.CUSTOM1 : THIRD_DIM.ABSENT, thirdDimPrecision = 0 }: Partial<PolylineHeader> = {},
): string {
  if (lng.length !== lat.length) throw new RangeError('lat and lng have different lengths');
  if (thirdDim && (!z || z.length !== lat.length)) throw new RangeError('the third dimension needs a z column as long as lat');
  const w = new Writer();
  writeHeader(w, { precision, thirdDim, thirdDimPrecision });
  w.reserve(lat.length * (thirdDim ? 12 : 8));
  const f = 10 ** precision;
  const fz = 10 ** thirdDimPrecision;
  let lastLat = 0;
  let lastLng = 0;
  let lastZ = 0;
  for (let i = 0; i < lat.length; i++) {
    const a = scaled(lat[i]!, f);
    const b = scaled(lng[i]!, f);
    w.signed(a - lastLat);
    w.signed(b - lastLng);
    lastLat = a;
    lastLng = b;
    if (thirdDim) {
      const c = scaled(z![i]!, fz);
      w.signed(c - lastZ);
      lastZ = c;
    }
  }
  return w.toString();
}

/**
 * Reads every varint of the string into `out` (scaled, still zig-zag encoded), returning how many.
 * Throws on a character outside the alphabet, on a value cut short, or beyond 2^53.
 */
function readValues(encoded: string, out: Float64Array): number {
  let n = 0;
  let value = 0;
  let shift = 0;
  for (let i = 0; i < encoded.length; i++) {
    const code = encoded.charCodeAt(i);
    const chunk = code < 128 ? DECODE_TABLE[code]! : -1;
    if (chunk < 0) throw new Error(`Invalid encoding: unexpected character '${encoded[i]}' at ${i}`);
    // Below 30 bits the shift is an int32 operation; beyond, a multiplication by 2^shift stays exact up to 2^53.
    value += shift < 30 ? (chunk & 0x1f) << shift : (chunk & 0x1f) * POW2[shift]!;
    if (chunk & 0x20) {
      shift += 5;
      if (shift > 50) throw new RangeError('Invalid encoding: value beyond 2^53');
    } else {
      if (shift === 50 && value >= TWO_POW_53) throw new RangeError('Invalid encoding: value beyond 2^53');
      out[n++] = value;
      value = 0;
      shift = 0;
    }
  }
  if (shift > 0) throw new Error('Invalid encoding: premature ending');
  return n;
}

/** Inverse zig-zag. */
const toSigned = (u: number) => (u % 2 === 1 ? -(u + 1) / 2 : u / 2);

function readHeader(values: Float64Array, n: number): PolylineHeader {
  if (n < 2) throw new Error('Invalid encoding: missing header');
  if (values[0] !== FORMAT_VERSION) throw new Error('Invalid format version');
  const h = values[1]!;
  const header = { precision: h & 15, thirdDim: ((h >> 4) & 7) as ThirdDim, thirdDimPrecision: (h >> 7) & 15 };
  checkHeader(header);
  return header;
}

/** Decodes into typed-array columns; exact (integer accumulation). */
export function decodeColumns(encoded: string): DecodedColumns {
  // Every value takes at least one character, so the string's length bounds their count.
  const values = new Float64Array(encoded.length);
  const n = readValues(encoded, values);
  const header = readHeader(values, n);
  const dims = header.thirdDim ? 3 : 2;
  if ((n - 2) % dims !== 0) throw new Error('Invalid encoding: premature ending reached');
  const count = (n - 2) / dims;
  const lat = new Float64Array(count);
  const lng = new Float64Array(count);
  const z = header.thirdDim ? new Float64Array(count) : undefined;
  const f = 10 ** header.precision;
  const fz = 10 ** header.thirdDimPrecision;
  let a = 0;
  let b = 0;
  let c = 0;
  for (let i = 0, k = 2; i < count; i++) {
    a += toSigned(values[k++]!);
    b += toSigned(values[k++]!);
    lat[i] = a / f;
    lng[i] = b / f;
    if (z) {
      c += toSigned(values[k++]!);
      z[i] = c / fz;
    }
  }
  return z ? { ...header, lat, lng, z } : { ...header, lat, lng };
}

/** Decodes to `{ precision, thirdDim, thirdDimPrecision, polyline: [lat, lng(, z)][] }`, like npm `@here/flexpolyline`. */
export function decode(encoded: string): DecodedPolyline {
  const { lat, lng, z, ...header } = decodeColumns(encoded);
  const polyline: number[][] = new Array(lat.length);
  for (let i = 0; i < lat.length; i++) polyline[i] = z ? [lat[i]!, lng[i]!, z[i]!] : [lat[i]!, lng[i]!];
  return { ...header, polyline };
}
