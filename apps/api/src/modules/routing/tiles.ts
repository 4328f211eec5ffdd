import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MapTilesConfig } from '@milepost/contracts/routing-api';
import type { Db } from '../../db/client';
import { mapTileCache } from '../../db/schema/routing';
import type { HereClient, HereTile } from '../../integrations/here/client';
import { AppError } from '../../platform/errors';

/**
 * HERE raster tiles through the API (docs/routing.md): the key stays on the server, tiles are
 * kept in PostgreSQL for every instance, and since an <img> cannot send the bearer header the
 * tile URL carries a short-lived token signed with the server's key, handed to signed-in users
 * by GET /client-config.
 */

/** Tiles are kept this long; a stale one is still served when HERE fails. */
export const TILE_FRESH_DAYS = 7;
/** Browsers may keep a tile this long (the token in the URL changes more often). */
export const TILE_BROWSER_MAX_AGE_S = 24 * 3600;

const sign = (secret: Uint8Array, expires: number) => createHmac('sha256', secret).update(`map-tiles:${expires}`).digest('base64url');

export function issueTileToken(secret: Uint8Array, ttlMinutes: number, now = Date.now()): { token: string; expiresAt: Date } {
  const expires = Math.floor(now / 1000) + ttlMinutes * 60;
  return { token: `${expires}.${sign(secret, expires)}`, expiresAt: new Date(expires * 1000) };
}

export function verifyTileToken(secret: Uint8Array, token: string, now = Date.now()): boolean {
  const [exp, mac] = token.split('.');
  const expires = Number(exp);
  if (!mac || !Number.isInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(sign(secret, expires));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function mapTilesConfig(here: HereClient | null, secret: Uint8Array, ttlMinutes: number): MapTilesConfig {
  if (!here) return { provider: 'OFFLINE' };
  const { token, expiresAt } = issueTileToken(secret, ttlMinutes);
  return { provider: 'HERE', urlTemplate: `/api/v1/map-tiles/{z}/{x}/{y}?token=${token}`, expiresAt: expiresAt.toISOString() };
}

/** A tile from the cache when fresh, else from HERE (then kept); a stale tile when HERE fails. */
export async function mapTile(deps: { db: Db; here: HereClient | null; log?: Pick<FastifyBaseLogger, 'warn'> }, z: number, x: number, y: number): Promise<HereTile> {
  const { db, here } = deps;
  if (!here) throw new AppError('NOT_FOUND', 'Map tiles are not configured: the offline basemap is used.');
  if (x >= 2 ** z || y >= 2 ** z) throw new AppError('NOT_FOUND', 'No such map tile.');
  const key = `${z}/${x}/${y}`;
  const [row] = await db
    .select({ contentType: mapTileCache.contentType, body: mapTileCache.body, fresh: sql<boolean>`${mapTileCache.createdAt} > now() - make_interval(days => ${TILE_FRESH_DAYS})` })
    .from(mapTileCache)
    .where(eq(mapTileCache.key, key));
  if (row?.fresh) return { contentType: row.contentType, body: row.body };
  let tile: HereTile;
  try {
    tile = await here.tile(z, x, y);
  } catch (err) {
    deps.log?.warn({ reason: err instanceof Error ? err.message : String(err) }, 'HERE map tile failed');
    if (row) return { contentType: row.contentType, body: row.body };
    throw new AppError('UNAVAILABLE', 'The map tile service is not available right now.');
  }
  await db
    .insert(mapTileCache)
    .values({ key, contentType: tile.contentType, body: tile.body, bytes: tile.body.length })
    .onConflictDoUpdate({ target: mapTileCache.key, set: { contentType: tile.contentType, body: tile.body, bytes: tile.body.length, createdAt: sql`now()` } });
  await db.delete(mapTileCache).where(lt(mapTileCache.createdAt, sql`now() - make_interval(days => ${TILE_FRESH_DAYS * 2})`));
  return tile;
}
