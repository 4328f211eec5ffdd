import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import { segmentMeters } from './distance';
import { POSTAL_BY_FIPS as POSTAL } from './us-states';

/*
 * State miles for IFTA (docs/state-miles.md): the jurisdiction of a point and a track's metres
 * split by jurisdiction, from the US state boundaries of the `us-atlas` package (the Census
 * Bureau's 1:10,000,000 cartographic boundaries, the same shapes the web map draws).
 *
 * The index is a grid of 0.1° cells over latitudes −15°..72° and every longitude. A cell that no
 * boundary edge touches holds its jurisdiction; a cell that one does ("mixed") holds the edges
 * that touch it and the jurisdiction of its centre. A point in a mixed cell starts from the
 * centre's jurisdiction and, for every edge the straight line from the centre to the point
 * crosses, leaves or enters that edge's state — both ends lie in the (convex) cell, so only the
 * cell's own edges can be crossed. The centres are found at build time by walking each row of
 * cells from west to east the same way, so nothing is a scan over the polygons.
 */


/** A point outside every US state, DC and territory. */
export const OUTSIDE_US = 'OUT';

/** Every jurisdiction a point can have: the postal codes, then OUT. */
export const JURISDICTIONS: readonly string[] = [...Object.values(POSTAL).sort(), OUTSIDE_US];

/** State polygons as flat edge columns: edge e runs (x0[e], y0[e]) → (x1[e], y1[e]) on the boundary of state sid[e]. */
export interface StateEdges {
  codes: readonly string[];
  x0: Float64Array;
  y0: Float64Array;
  x1: Float64Array;
  y1: Float64Array;
  sid: Int32Array;
}

let edges: StateEdges | null = null;

/** The state boundaries of us-atlas (states-10m) as edges; index i of `codes` is state i + 1 (0 is OUT). */
export function stateEdges(): StateEdges {
  if (edges) return edges;
  const topo = createRequire(import.meta.url)('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection<{ name: string }> }>;
  const fc = feature(topo, topo.objects.states);
  const codes: string[] = [];
  const xs0: number[] = [];
  const ys0: number[] = [];
  const xs1: number[] = [];
  const ys1: number[] = [];
  const ids: number[] = [];
  for (const f of fc.features) {
    const code = POSTAL[String(f.id)];
    if (!code || !f.geometry) continue;
    codes.push(code);
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates : [];
    for (const polygon of polygons)
      for (const ring of polygon)
        for (let i = 1; i < ring.length; i++) {
          xs0.push(ring[i - 1]![0]!);
          ys0.push(ring[i - 1]![1]!);
          xs1.push(ring[i]![0]!);
          ys1.push(ring[i]![1]!);
          ids.push(codes.length);
        }
  }
  edges = { codes, x0: Float64Array.from(xs0), y0: Float64Array.from(ys0), x1: Float64Array.from(xs1), y1: Float64Array.from(ys1), sid: Int32Array.from(ids) };
  return edges;
}

/** Whether segment p→q crosses edge e (half-open at the edge's ends, so a shared vertex counts once). */
function crosses(E: StateEdges, e: number, px: number, py: number, qx: number, qy: number): boolean {
  const ax = E.x0[e]!;
  const ay = E.y0[e]!;
  const bx = E.x1[e]!;
  const by = E.y1[e]!;
  const dx = qx - px;
  const dy = qy - py;
  const oa = dx * (ay - py) - dy * (ax - px);
  const ob = dx * (by - py) - dy * (bx - px);
  if (oa > 0 === ob > 0) return false;
  const ex = bx - ax;
  const ey = by - ay;
  const op = ex * (py - ay) - ey * (px - ax);
  const oq = ex * (qy - ay) - ey * (qx - ax);
  return op > 0 !== oq > 0;
}

/** Grid over latitudes LAT0..LAT1 and longitudes −180..180. */
const CELL = 0.1;
const LAT0 = -15;
const LAT1 = 72;
const ROWS = Math.round((LAT1 - LAT0) / CELL);
const COLS = Math.round(360 / CELL);
const INV = 1 / CELL;

interface Index {
  codes: readonly string[];
  /** ≥ 0: the cell's jurisdiction (0 OUT, i state codes[i − 1]); < 0: mixed cell −1 − m. */
  cells: Int32Array;
  /** Mixed cell m: its centre's jurisdiction, and its edges edgeList[edgeStart[m]..edgeStart[m + 1]). */
  centre: Int32Array;
  edgeStart: Int32Array;
  edgeList: Int32Array;
  E: StateEdges;
}

let index: Index | null = null;

/** Builds the grid (once, about 100 ms). */
export function jurisdictionIndex(): Index {
  if (index) return index;
  const E = stateEdges();
  const n = E.sid.length;
  // Edges per cell by each edge's bounding box of cells (a few extra edges only cost time).
  const perCell = new Map<number, number[]>();
  for (let e = 0; e < n; e++) {
    const c0 = Math.floor((Math.min(E.x0[e]!, E.x1[e]!) + 180) * INV);
    const c1 = Math.floor((Math.max(E.x0[e]!, E.x1[e]!) + 180) * INV);
    const r0 = Math.floor((Math.min(E.y0[e]!, E.y1[e]!) - LAT0) * INV);
    const r1 = Math.floor((Math.max(E.y0[e]!, E.y1[e]!) - LAT0) * INV);
    for (let r = Math.max(0, r0); r <= Math.min(ROWS - 1, r1); r++)
      for (let c = Math.max(0, c0); c <= Math.min(COLS - 1, c1); c++) {
        const k = r * COLS + c;
        const list = perCell.get(k);
        if (list) list.push(e);
        else perCell.set(k, [e]);
      }
  }
  const keys = [...perCell.keys()].sort((a, b) => a - b);
  const mixedOf = new Map(keys.map((k, m) => [k, m]));
  const edgeStart = new Int32Array(keys.length + 1);
  keys.forEach((k, m) => (edgeStart[m + 1] = edgeStart[m]! + perCell.get(k)!.length));
  const edgeList = new Int32Array(edgeStart[keys.length]!);
  keys.forEach((k, m) => edgeList.set(perCell.get(k)!, edgeStart[m]!));

  const cells = new Int32Array(ROWS * COLS);
  const centre = new Int32Array(keys.length);
  const stamp = new Int32Array(n).fill(-1);
  const toggled: number[] = [];
  let step = 0;
  for (let r = 0; r < ROWS; r++) {
    const y = LAT0 + (r + 0.5) * CELL;
    // The row's first centre by an exact test against every edge (once a row), then eastwards.
    let state = exactJurisdiction(E, -180 + 0.5 * CELL, y);
    for (let c = 0; c < COLS; c++) {
      const k = r * COLS + c;
      if (c > 0) {
        const a = perCell.get(k - 1);
        const b = perCell.get(k);
        if (a || b) {
          step++;
          toggled.length = 0;
          const x = -180 + (c + 0.5) * CELL;
          for (const list of [a, b])
            if (list)
              for (const e of list) {
                if (stamp[e] === step) continue;
                stamp[e] = step;
                if (crosses(E, e, x - CELL, y, x, y)) toggled.push(E.sid[e]!);
              }
          state = applyToggles(state, toggled);
        }
      }
      const m = mixedOf.get(k);
      if (m === undefined) cells[k] = state;
      else {
        cells[k] = -1 - m;
        centre[m] = state;
      }
    }
  }
  index = { codes: E.codes, cells, centre, edgeStart, edgeList, E };
  return index;
}

/**
 * From inside `state` (0: outside all), crossing the boundaries of the states in `toggled` (one
 * entry per crossing): the state the line ends in. States do not overlap, so at most one remains.
 */
function applyToggles(state: number, toggled: readonly number[]): number {
  if (toggled.length === 0) return state;
  let result = 0;
  let count = 0;
  const seen = new Set<number>([state, ...toggled]);
  for (const s of seen) {
    if (s === 0) continue;
    let inside = s === state;
    for (const t of toggled) if (t === s) inside = !inside;
    if (inside) {
      result = s;
      count++;
    }
  }
  // Two at once only on a shared vertex within rounding; either side is as right as the other.
  return count ? result : 0;
}

/** Even-odd test against every edge: the slow exact answer (state number, 0 OUT). */
function exactJurisdiction(E: StateEdges, x: number, y: number): number {
  const parity = new Uint8Array(E.codes.length + 1);
  for (let e = 0; e < E.sid.length; e++) {
    const ay = E.y0[e]!;
    const by = E.y1[e]!;
    if (ay > y === by > y) continue;
    const ax = E.x0[e]!;
    const bx = E.x1[e]!;
    if (x < ax + ((y - ay) * (bx - ax)) / (by - ay)) parity[E.sid[e]!]! ^= 1;
  }
  for (let s = 1; s < parity.length; s++) if (parity[s]) return s;
  return 0;
}

/** The jurisdiction number (0 OUT, i the state `codes[i − 1]`) of a point in degrees. */
export function jurisdictionNumberAt(I: Index, lat: number, lng: number): number {
  const r = Math.floor((lat - LAT0) * INV);
  const c = Math.floor((lng + 180) * INV);
  if (!(r >= 0 && r < ROWS && c >= 0 && c < COLS)) return 0;
  const k = r * COLS + c;
  const v = I.cells[k]!;
  if (v >= 0) return v;
  const m = -1 - v;
  const x = -180 + (c + 0.5) * CELL;
  const y = LAT0 + (r + 0.5) * CELL;
  const E = I.E;
  let state = I.centre[m]!;
  // Usually no edge lies between the centre and the point: no allocation then.
  let toggled: number[] | null = null;
  for (let i = I.edgeStart[m]!, end = I.edgeStart[m + 1]!; i < end; i++) {
    const e = I.edgeList[i]!;
    if (crosses(E, e, x, y, lng, lat)) (toggled ??= []).push(E.sid[e]!);
  }
  if (toggled) state = applyToggles(state, toggled);
  return state;
}

/** The jurisdiction of a point: a state's postal code (DC and the territories included), or OUT. */
export function jurisdictionAt(lat: number, lng: number): string {
  const I = jurisdictionIndex();
  const s = jurisdictionNumberAt(I, lat, lng);
  return s === 0 ? OUTSIDE_US : I.codes[s - 1]!;
}

/** The slow exact answer (every edge), for tests and the bench. */
export function jurisdictionAtExact(lat: number, lng: number): string {
  const E = stateEdges();
  const s = exactJurisdiction(E, lng, lat);
  return s === 0 ? OUTSIDE_US : E.codes[s - 1]!;
}

/** A segment longer than this many degrees either way is cut in equal pieces before it is split. */
const MAX_PIECE_DEG = 0.05;
/** Bisection steps for a border crossing inside a piece (2^-20 of a piece: well under a metre). */
const BISECT_STEPS = 20;

/** An OUT run of at most this many metres next to one state only (or between two stretches of it) is that state's. */
export const SHORE_GAP_M = 25_000;

/**
 * A track's metres by jurisdiction: each segment's WGS84 length (distance.ts) goes to the
 * jurisdiction of its ends; a segment whose ends lie in different jurisdictions is split at the
 * crossing (found by bisection), and a long segment (a straight leg between stops) is first cut
 * into pieces of at most 0.05° so that every state it passes through gets its share. A run
 * outside every state of at most SHORE_GAP_M that leaves and re-enters the same state (or starts
 * or ends the track next to one) counts for that state: the 1:10,000,000 shorelines put roads
 * along lakes and coasts in the water. The parts add up to the track's length.
 */
export function metresByJurisdiction(lat: ArrayLike<number>, lng: ArrayLike<number>, from = 0, to = lat.length): Map<string, number> {
  const I = jurisdictionIndex();
  const sums = new Float64Array(I.codes.length + 1);
  // Short runs outside every state between two stretches of one state are the boundaries'
  // generalisation at shores (Lake Shore Drive reads as Lake Michigan), not a trip abroad.
  let pendingOut = 0;
  let last = -1; // the state before the pending run; -1 at the track's start
  const add = (s: number, m: number) => {
    if (s === 0) pendingOut += m;
    else {
      if (pendingOut > 0) {
        sums[pendingOut <= SHORE_GAP_M && (last === s || last === -1) ? s : 0]! += pendingOut;
        pendingOut = 0;
      }
      sums[s]! += m;
      last = s;
    }
  };
  if (to - from >= 1) {
    let prev = jurisdictionNumberAt(I, lat[from]!, lng[from]!);
    for (let i = from + 1; i < to; i++) {
      const lat0 = lat[i - 1]!;
      const lng0 = lng[i - 1]!;
      const lat1 = lat[i]!;
      const lng1 = lng[i]!;
      const len = segmentMeters(lat0, lng0, lat1, lng1);
      const dLat = lat1 - lat0;
      const dLng = lng1 - lng0;
      const next = jurisdictionNumberAt(I, lat1, lng1);
      const span = Math.max(Math.abs(dLat), Math.abs(dLng));
      if (span <= MAX_PIECE_DEG) {
        if (next === prev) add(prev, len);
        else {
          const t = crossingAt(I, lat0, lng0, dLat, dLng, 0, 1, prev);
          add(prev, len * t);
          add(next, len * (1 - t));
        }
      } else {
        // Equal pieces in latitude and longitude; each gets its share of the segment's length.
        const pieces = Math.ceil(span / MAX_PIECE_DEG);
        const share = len / pieces;
        let a = prev;
        for (let p = 1; p <= pieces; p++) {
          const tb = p / pieces;
          const b = p === pieces ? next : jurisdictionNumberAt(I, lat0 + dLat * tb, lng0 + dLng * tb);
          if (a === b) add(a, share);
          else {
            const ta = (p - 1) / pieces;
            const t = crossingAt(I, lat0, lng0, dLat, dLng, ta, tb, a);
            add(a, len * (t - ta));
            add(b, len * (tb - t));
          }
          a = b;
        }
      }
      prev = next;
    }
  }
  if (pendingOut > 0) sums[pendingOut <= SHORE_GAP_M && last > 0 ? last : 0]! += pendingOut;
  const out = new Map<string, number>();
  for (let s = 0; s < sums.length; s++) if (sums[s]! > 0) out.set(s === 0 ? OUTSIDE_US : I.codes[s - 1]!, sums[s]!);
  return out;
}

/** The parameter in [ta, tb] where the line leaves jurisdiction `a` (bisection). */
function crossingAt(I: Index, lat0: number, lng0: number, dLat: number, dLng: number, ta: number, tb: number, a: number): number {
  let lo = ta;
  let hi = tb;
  for (let k = 0; k < BISECT_STEPS; k++) {
    const mid = (lo + hi) * 0.5;
    if (jurisdictionNumberAt(I, lat0 + dLat * mid, lng0 + dLng * mid) === a) lo = mid;
    else hi = mid;
  }
  return (lo + hi) * 0.5;
}
