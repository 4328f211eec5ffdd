/**
 * The map kit's constants and pure geometry (docs/product/trips.md "Map behaviour"). Nothing here
 * imports Leaflet, so screens can use it without pulling the map chunk into their bundle.
 */

export type LatLngTuple = readonly [lat: number, lng: number];

/** A stop as the map shows it: a lettered marker coloured by its type. */
export interface MapStop {
  lat: number;
  lng: number;
  /** START, PICKUP, TRAILER, SHOP, DELIVERY, HOME or WAYPOINT; anything else is drawn grey. */
  stopType: string;
  /** The address, shown in the marker's tooltip. */
  title: string;
}

/** One drawable route: its legs as decoded lines (one per leg, drawn as one multi-line). */
export interface MapRoute {
  legs: readonly (readonly LatLngTuple[])[];
}

/** Where the basemap comes from: HERE raster tiles through the API, or the bundled offline atlas. */
export type MapTiles = { provider: 'HERE'; urlTemplate: string } | { provider: 'OFFLINE' };

/** What a map panel's buttons drive once the map exists. */
export interface MapHandle {
  zoomIn(): void;
  zoomOut(): void;
}

/** Default centre without data: New York. */
export const DEFAULT_CENTER: LatLngTuple = [40.7128, -74.006];
export const DEFAULT_ZOOM = 6;
/** The default zoom of an expanded panel. */
export const EXPANDED_ZOOM = 8;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 20;
/** Padding (px) around the stops and route when the map fits them. */
export const FIT_PADDING = 50;

/** The map is created once this share of it is on screen. */
export const VISIBLE_THRESHOLD = 0.1;
/** The 'Initializing Map' placeholder waits this long, so a fast load shows nothing. */
export const PLACEHOLDER_DELAY_MS = 200;
/** The 'Calculating Route' overlay stays at least this long once shown. */
export const MIN_CALCULATING_MS = 800;
/** A panel expands or collapses in this long. */
export const EXPAND_MS = 350;
/** The map re-measures its box this long after it is created… */
export const RESIZE_AFTER_MOUNT_MS = 50;
/** …and this long after the sidebar opens or closes (its width animates). */
export const RESIZE_AFTER_SIDEBAR_MS = 300;
/** A stop's tooltip closes by itself after this long. */
export const TOOLTIP_CLOSE_MS = 10_000;

/** Stops closer than this (degrees, on both axes) would hide each other… */
export const COINCIDENT_DEGREES = 0.0001;
/** …so each of them is moved this far (degrees) from their centre, spread on a circle. */
export const SPREAD_DEGREES = 0.0002;

export const MAP_TEXTS = {
  notVisibleYet: 'Loading map...',
  initializingTitle: 'Initializing Map',
  initializingText: 'Loading HERE Maps components...',
  calculatingTitle: 'Calculating Route',
  calculatingText: 'Finding the best path for your trip...',
} as const;

/** Marker colours by stop type (light and dark themes alike: white letters on a saturated disc). */
export const STOP_TYPE_COLORS: Readonly<Record<string, string>> = {
  START: '#16a34a',
  PICKUP: '#2563eb',
  TRAILER: '#7c3aed',
  SHOP: '#ea580c',
  DELIVERY: '#dc2626',
  HOME: '#0d9488',
  WAYPOINT: '#64748b',
};
export const UNKNOWN_STOP_COLOR = '#64748b';

export function stopColor(stopType: string): string {
  return STOP_TYPE_COLORS[stopType] ?? UNKNOWN_STOP_COLOR;
}

/** Map letters A, B, C … Z, AA, AB … by the stop's position in the trip: the one numbering of every screen. */
export { stopLetter } from '@milepost/geo/stop-types';

/**
 * Where each stop's marker goes: stops under {@link COINCIDENT_DEGREES} apart (on both axes)
 * form a group, and every member of a group of two or more is moved {@link SPREAD_DEGREES}
 * from the group's first stop, evenly around a circle, so each letter stays visible and
 * clickable. Returns one position per stop, in order; lone stops keep theirs.
 */
export function spreadCoincidentStops(stops: readonly { lat: number; lng: number }[]): LatLngTuple[] {
  const groupOf: number[] = stops.map(() => -1);
  const groups: number[][] = [];
  stops.forEach((s, i) => {
    const g = groups.findIndex((members) => {
      const first = stops[members[0]!]!;
      return Math.abs(first.lat - s.lat) < COINCIDENT_DEGREES && Math.abs(first.lng - s.lng) < COINCIDENT_DEGREES;
    });
    if (g === -1) {
      groupOf[i] = groups.length;
      groups.push([i]);
    } else {
      groupOf[i] = g;
      groups[g]!.push(i);
    }
  });
  return stops.map((s, i) => {
    const members = groups[groupOf[i]!]!;
    if (members.length < 2) return [s.lat, s.lng] as const;
    const centre = stops[members[0]!]!;
    const angle = (2 * Math.PI * members.indexOf(i)) / members.length;
    return [centre.lat + SPREAD_DEGREES * Math.sin(angle), centre.lng + SPREAD_DEGREES * Math.cos(angle)] as const;
  });
}

/** A GeoJSON position ([lng, lat]) and a polygon (outer ring, then holes). */
type Position = readonly number[];
type PolygonCoords = readonly (readonly Position[])[];

/**
 * A polygon of the offline atlas made drawable on a flat map (docs/maps.md "Offline basemap"):
 * world-atlas keeps the rings that cross the antimeridian whole, their longitudes jumping between
 * +180 and −180, which a spherical renderer handles and Leaflet does not — it draws the jump as a
 * line across the whole world, and with the land's even-odd fill the Eurasia ring (Chukotka) and
 * Wrangel Island cut a rectangle of "water" out of Alaska and northern Canada, the band across the
 * top of the State miles map. Here each ring's longitudes are made continuous (a jump of more than
 * 180° is a crossing), a ring around a pole (Antarctica: one crossing) is closed along that pole's
 * edge, and a polygon that runs past ±180 gets a copy 360° over, so both sides of the antimeridian
 * are drawn. Polygons that do not cross are answered as they are.
 */
export function unwrapAntimeridian(polygon: PolygonCoords): PolygonCoords[] {
  const crosses = polygon.some((ring) => ring.some((p, i) => i > 0 && Math.abs(p[0]! - ring[i - 1]![0]!) > 180));
  if (!crosses) return [polygon];
  const unwrapRing = (ring: readonly Position[], near?: number): Position[] => {
    let shift = near === undefined ? 0 : Math.round((near - ring[0]![0]!) / 360) * 360;
    const out: Position[] = [];
    ring.forEach((p, i) => {
      if (i > 0) {
        const d = p[0]! - ring[i - 1]![0]!;
        if (d > 180) shift -= 360;
        else if (d < -180) shift += 360;
      }
      out.push([p[0]! + shift, p[1]!]);
    });
    const first = out[0]!;
    const last = out.at(-1)!;
    if (Math.abs(last[0]! - first[0]!) > 180) {
      // Around a pole: close along the pole's edge (Mercator clamps ±90 to the map's edge).
      const pole = out.reduce((a, p) => a + p[1]!, 0) < 0 ? -90 : 90;
      out.push([last[0]!, pole], [first[0]!, pole], first);
    }
    return out;
  };
  const [outer, ...holes] = polygon;
  const unwrapped = [unwrapRing(outer!), ...holes.map((h) => unwrapRing(h, outer![0]![0]))];
  const lngs = unwrapped[0]!.map((p) => p[0]!);
  const shifted = (by: number) => unwrapped.map((ring) => ring.map((p) => [p[0]! + by, p[1]!]));
  const out: PolygonCoords[] = [unwrapped];
  if (Math.max(...lngs) > 180) out.push(shifted(-360));
  if (Math.min(...lngs) < -180) out.push(shifted(360));
  return out;
}
