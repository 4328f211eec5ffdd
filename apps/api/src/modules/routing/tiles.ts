import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LIMIT_MESSAGES } from '@milepost/contracts/messages';
import type { MapTilesConfig } from '@milepost/contracts/routing-api';
import type { Db } from '../../db/client';
import { authSessions, users } from '../../db/schema/access';
import { mapTileCache } from '../../db/schema/routing';
import { HereError, type HereClient, type HereTile } from '../../integrations/here/client';
import { AppError } from '../../platform/errors';
import { singleFlight } from '../../platform/single-flight';

/**
 * HERE raster tiles through the API (docs/routing.md "Map tiles"): the key stays on the server,
 * tiles are kept in PostgreSQL for every instance, and since an <img> cannot send the bearer
 * header the tile URL carries a short-lived token, signed with the server's key and bound to
 * the sign-in that GET /client-config was asked with: it is refused once that sign-in ends
 * (sign-out, revocation, deactivation), and it is never written to the logs (app.ts).
 */

/** Tiles are kept this long; a stale one is still served when HERE fails. */
export const TILE_FRESH_DAYS = 7;
/** Browsers may keep a tile this long (the token in the URL changes more often). */
export const TILE_BROWSER_MAX_AGE_S = 24 * 3600;

const sign = (secret: Uint8Array, sessionId: string, expires: number) => createHmac('sha256', secret).update(`map-tiles:${sessionId}:${expires}`).digest('base64url');

/** `<sign-in id>.<expiry, epoch seconds>.<HMAC of both>` */
export function issueTileToken(secret: Uint8Array, sessionId: string, ttlMinutes: number, now = Date.now()): { token: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + ttlMinutes * 60;
  return { token: `${sessionId}.${expires}.${sign(secret, sessionId, expires)}`, expiresAt: new Date(expires * 1000) };
}

/** The sign-in a well-signed, unexpired token names; null otherwise (nothing is looked up). */
export function readTileToken(secret: Uint8Array, token: string, now = Date.now()): string | null {
  const [sessionId, exp, mac, extra] = token.split('.');
  const expires = Number(exp);
  if (!sessionId || !mac || extra !== undefined || !/^\d{1,12}$/.test(exp ?? '') || expires * 1000 <= now) return null;
  const expected = Buffer.from(sign(secret, sessionId, expires));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? sessionId : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user whose live sign-in a tile token belongs to, or null: a forged or expired token, a
 * signed-out or expired sign-in, an inactive user.
 */
export async function tileTokenUser(db: Db, secret: Uint8Array, token: string): Promise<number | null> {
  const sessionId = readTileToken(secret, token);
  if (!sessionId || !UUID.test(sessionId)) return null;
  const [row] = await db
    .select({ userId: users.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`), eq(users.active, true)))
    .limit(1);
  return row?.userId ?? null;
}

export function mapTilesConfig(here: HereClient | null, secret: Uint8Array, ttlMinutes: number, sessionId: string): MapTilesConfig {
  if (!here) return { provider: 'OFFLINE' };
  const { token, expiresAt } = issueTileToken(secret, sessionId, ttlMinutes);
  return { provider: 'HERE', urlTemplate: `/api/v1/map-tiles/{z}/{x}/{y}?token=${token}`, expiresAt: expiresAt.toISOString() };
}

/** Identical tiles asked at once share one look-up and at most one HERE call. */
const sharedTiles = new WeakMap<Db, (key: string, run: () => Promise<HereTile>) => Promise<HereTile>>();

/** A tile from the cache when fresh, else from HERE (then kept); a stale tile when HERE fails. */
export function mapTile(deps: { db: Db; here: HereClient | null; log?: Pick<FastifyBaseLogger, 'warn'> }, z: number, x: number, y: number): Promise<HereTile> {
  const { db, here } = deps;
  if (!here) return Promise.reject(new AppError('NOT_FOUND', 'Map tiles are not configured: the offline basemap is used.'));
  if (x >= 2 ** z || y >= 2 ** z) return Promise.reject(new AppError('NOT_FOUND', 'No such map tile.'));
  const key = `${z}/${x}/${y}`;
  let shared = sharedTiles.get(db);
  if (!shared) sharedTiles.set(db, (shared = singleFlight<HereTile>()));
  return shared(key, () => cachedOrFetched(db, here, deps.log, key, z, x, y));
}

async function cachedOrFetched(db: Db, here: HereClient, log: Pick<FastifyBaseLogger, 'warn'> | undefined, key: string, z: number, x: number, y: number): Promise<HereTile> {
  const [row] = await db
    .select({ contentType: mapTileCache.contentType, body: mapTileCache.body, fresh: sql<boolean>`${mapTileCache.createdAt} > now() - make_interval(days => ${TILE_FRESH_DAYS})` })
    .from(mapTileCache)
    .where(eq(mapTileCache.key, key));
  const kept = row && row.contentType.startsWith('image/') ? { contentType: row.contentType, body: row.body } : null;
  if (row?.fresh && kept) return kept;
  let tile: HereTile;
  try {
    tile = await here.tile(z, x, y);
  } catch (err) {
    log?.warn({ reason: err instanceof Error ? err.message : String(err) }, 'HERE map tile failed');
    if (kept) return kept;
    // Not an image, or over the size cap: never served from our origin, never kept.
    if (err instanceof HereError && err.kind === 'BAD_ANSWER') throw new AppError('MAP_TILE_UPSTREAM_INVALID', LIMIT_MESSAGES.mapTileUpstream);
    throw new AppError('UNAVAILABLE', 'The map tile service is not available right now.');
  }
  await db
    .insert(mapTileCache)
    .values({ key, contentType: tile.contentType, body: tile.body, bytes: tile.body.length })
    .onConflictDoUpdate({ target: mapTileCache.key, set: { contentType: tile.contentType, body: tile.body, bytes: tile.body.length, createdAt: sql`now()` } });
  await db.delete(mapTileCache).where(lt(mapTileCache.createdAt, sql`now() - make_interval(days => ${TILE_FRESH_DAYS * 2})`));
  return tile;
}
