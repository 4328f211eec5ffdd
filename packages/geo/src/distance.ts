export interface LatLng {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine): the estimate used when no routing is available. */
export function greatCircleMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Coordinates count only if both are non-zero numbers within range (docs/product/trips.md). */
export function isValidCoordinate(lat: unknown, lng: unknown): boolean {
  return (
    typeof lat === 'number' &&
    typeof lng === 'number' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    lat !== 0 &&
    lng !== 0 &&
    lat >= -90 &&
    lat <= 90 &&
    lng >= -180 &&
    lng <= 180
  );
}

/*
 * Distances on the WGS84 ellipsoid (docs/integrations/flexible-polyline.md, "Distances").
 * A breadcrumb segment (under ~11 km either way) is measured in the local tangent plane with
 * the ellipsoid's meridian (M) and prime-vertical (N) radii of curvature at the segment's middle
 * latitude, read from a table every 0.01° with linear interpolation (no trigonometry per
 * segment); a longer pair by Lambert's formula for long lines (first order in the flattening).
 * Against the exact geodesic (Karney's, npm `geographiclib-geodesic`, which the tests and the
 * bench compare with) short segments agree to ~1e-8 and long pairs to ~2e-6 of their length,
 * for any pair that is not near-antipodal.
 */
const WGS84_A = 6_378_137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const DEG = Math.PI / 180;
/** Beyond this many degrees of latitude, or of longitude at the equator's scale, a segment is long. */
const SHORT_SEGMENT_DEG = 0.1;
const TABLE_STEP = 100; // rows per degree

/** Row r (latitude r/100 − 90): [metres per degree of longitude, metres per degree of latitude]. */
const RADII = (() => {
  const rows = 180 * TABLE_STEP + 2;
  const t = new Float64Array(rows * 2);
  for (let r = 0; r < rows; r++) {
    const phi = Math.min(90, r / TABLE_STEP - 90) * DEG;
    const c = Math.cos(phi);
    const w2 = 1 - WGS84_E2 * (1 - c * c);
    const n = WGS84_A / Math.sqrt(w2);
    t[2 * r] = n * c * DEG;
    t[2 * r + 1] = ((n * (1 - WGS84_E2)) / w2) * DEG;
  }
  return t;
})();

/** Tangent-plane distance with the radii at the middle latitude; dLng already wrapped to ±180. */
function planeMeters(lat1: number, lat2: number, dLat: number, dLng: number): number {
  const x = ((lat1 + lat2) * 0.5 + 90) * TABLE_STEP;
  const r = Math.floor(x);
  const f = x - r;
  const i = 2 * r;
  const kx = RADII[i]! + (RADII[i + 2]! - RADII[i]!) * f;
  const ky = RADII[i + 1]! + (RADII[i + 3]! - RADII[i + 1]!) * f;
  const dx = kx * dLng;
  const dy = ky * dLat;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Lambert's formula on reduced latitudes; inputs in radians. */
function lambertMeters(phi1: number, lam1: number, phi2: number, lam2: number): number {
  const k = 1 - WGS84_F;
  const b1 = Math.atan2(k * Math.sin(phi1), Math.cos(phi1));
  const b2 = Math.atan2(k * Math.sin(phi2), Math.cos(phi2));
  const sinHalfDb = Math.sin((b2 - b1) / 2);
  const sinHalfDl = Math.sin((lam2 - lam1) / 2);
  const h = Math.min(1, sinHalfDb * sinHalfDb + Math.cos(b1) * Math.cos(b2) * sinHalfDl * sinHalfDl);
  if (h === 0) return 0;
  const sigma = 2 * Math.asin(Math.sqrt(h));
  const sinSigma = Math.sin(sigma);
  const sP = Math.sin((b1 + b2) / 2) ** 2;
  const cQ = Math.cos((b2 - b1) / 2) ** 2;
  const X = 1 - h > 1e-12 ? ((sigma - sinSigma) * sP * cQ) / (1 - h) : 0;
  const Y = ((sigma + sinSigma) * (1 - sP) * (1 - cQ)) / h;
  return WGS84_A * (sigma - (WGS84_F / 2) * (X + Y));
}

/** A pair more than 0.1° apart in latitude or longitude: wrap the longitude, then plane or Lambert. */
function widePairMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = lat2 - lat1;
  let dLng = lng2 - lng1;
  if (dLng > 180) dLng -= 360;
  else if (dLng < -180) dLng += 360;
  if (Math.abs(dLat) > SHORT_SEGMENT_DEG || Math.abs(dLng * Math.cos((lat1 + lat2) * (DEG / 2))) > SHORT_SEGMENT_DEG)
    return lambertMeters(lat1 * DEG, lng1 * DEG, lat2 * DEG, lng2 * DEG);
  return planeMeters(lat1, lat2, dLat, dLng);
}

/** WGS84 distance in metres between two points given in degrees (small, so hot loops inline it). */
export function segmentMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = lat2 - lat1;
  const dLng = lng2 - lng1;
  if (dLat > SHORT_SEGMENT_DEG || dLat < -SHORT_SEGMENT_DEG || dLng > SHORT_SEGMENT_DEG || dLng < -SHORT_SEGMENT_DEG) return widePairMeters(lat1, lng1, lat2, lng2);
  return planeMeters(lat1, lat2, dLat, dLng);
}

/** WGS84 (ellipsoidal) distance in metres. */
export const wgs84Meters = (a: LatLng, b: LatLng): number => segmentMeters(a.lat, a.lng, b.lat, b.lng);

/** Length in metres of the track through points `from`..`to` (exclusive) of two coordinate columns in degrees. */
export function trackMeters(lat: ArrayLike<number>, lng: ArrayLike<number>, from = 0, to = lat.length): number {
  let total = 0;
  for (let i = from + 1; i < to; i++) total += segmentMeters(lat[i - 1]!, lng[i - 1]!, lat[i]!, lng[i]!);
  return total;
}

/** Running track length: `out[i]` is the metres from point 0 to point i. */
export function cumulativeMeters(lat: ArrayLike<number>, lng: ArrayLike<number>): Float64Array {
  const out = new Float64Array(lat.length);
  for (let i = 1; i < lat.length; i++) out[i] = out[i - 1]! + segmentMeters(lat[i - 1]!, lng[i - 1]!, lat[i]!, lng[i]!);
  return out;
}
