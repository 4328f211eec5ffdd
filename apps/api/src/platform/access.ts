import type { FastifyInstance, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Access } from '@milepost/contracts/route-table';
import type { Database, Db } from '../db/client';
import { authSessions, permissions, rolePermissions, roles, users } from '../db/schema/access';
import { AppError } from './errors';

/**
 * What a route must declare (its entry in the route table, packages/contracts/src/route-table.ts).
 * Deny by default: a route under the API scope without `access` fails to register.
 */
export type { Access };

export interface Principal {
  userId: number;
  sessionId: string;
  email: string;
  /** Enabled permissions of the user's active role, read from current data on every request. */
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

const ISSUER = 'milepost';

export interface TokenKeys {
  secret: Uint8Array;
  accessTtlSeconds: number;
}

export async function signAccessToken(keys: TokenKeys, userId: number, sessionId: string): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime(`${keys.accessTtlSeconds}s`)
    .sign(keys.secret);
}

async function verifyAccessToken(keys: TokenKeys, token: string): Promise<{ userId: number; sessionId: string; expiresAt: number }> {
  try {
    // Every access token we sign expires; one without `exp` was not made by this server's rules.
    const { payload } = await jwtVerify(token, keys.secret, { issuer: ISSUER, algorithms: ['HS256'], requiredClaims: ['exp', 'sub', 'sid'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string') throw new Error('claims');
    return { userId, sessionId: payload.sid, expiresAt: payload.exp! };
  } catch (e) {
    const expired = e instanceof joseErrors.JWTExpired;
    throw new AppError('UNAUTHENTICATED', expired ? 'Access token expired' : 'Invalid access token');
  }
}

/**
 * One query: the user, their sign-in, and the enabled permissions of their role, with the time
 * the sign-in has left by the database's clock. Null when the user is inactive, has no password,
 * or the sign-in was revoked or expired. Built once per database and prepared (a named statement
 * PostgreSQL plans once per connection).
 */
export async function loadPrincipal(db: Db, userId: number, sessionId: string): Promise<(Principal & { ttlMs: number }) | null> {
  let query = principalQueries.get(db);
  if (!query) principalQueries.set(db, (query = principalQuery(db)));
  const rows = await query.execute({ userId, sessionId });
  const row = rows[0];
  if (!row) return null;
  return { userId: row.userId, sessionId, email: row.email, permissions: new Set(row.permissions), ttlMs: Number(row.ttlMs) };
}

const principalQueries = new WeakMap<Db, ReturnType<typeof principalQuery>>();
function principalQuery(db: Db) {
  const granted = db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(and(eq(rolePermissions.roleId, users.roleId), eq(permissions.enabled, true), eq(roles.active, true)));
  return db
    .select({
      userId: users.id,
      email: users.email,
      permissions: sql<string[]>`coalesce((select array_agg(g.name) from (${granted}) g), '{}'::text[])`,
      ttlMs: sql<number>`(extract(epoch from ${authSessions.expiresAt} - now()) * 1000)::float8`,
    })
    .from(users)
    .innerJoin(authSessions, eq(authSessions.userId, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(users.active, true),
        isNotNull(users.passwordHash),
        eq(authSessions.id, sql.placeholder('sessionId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('milepost_load_principal');
}

/** The channel migration 0034's triggers notify on any change to users, sign-ins, roles and permissions. */
export const ACCESS_CHANGED_CHANNEL = 'milepost_access_changed';
/** Principals kept at most (the least recently used goes first), and for at most this long whatever happens. */
const PRINCIPALS_KEPT = 10_000;
const PRINCIPAL_MAX_AGE_MS = 5 * 60_000;
/** Access tokens whose signature was checked, kept until they expire. */
const TOKENS_KEPT = 10_000;

/**
 * The sign-in check of every request without a database round trip
 * (docs/decisions/002-sessions-and-tokens.md, "The sign-in check per request"):
 * - a checked access token is kept until it expires (its signature and claims never change);
 * - a principal read from the database is kept while this instance listens to
 *   ACCESS_CHANGED_CHANNEL: any committed change to users, sign-ins, roles or permissions, made
 *   by any instance or by hand, makes every instance forget every principal; a principal read
 *   while a change came in is not kept. While not listening (the connection dropped) nothing is
 *   kept and every request reads the database, as before.
 * - a request that may have written (any method but GET and HEAD) forgets them too before it
 *   answers, so its own instance never answers the next request from what it kept before.
 */
export interface SessionCache {
  principal(userId: number, sessionId: string): Promise<Principal | null>;
  verify(token: string): Promise<{ userId: number; sessionId: string }>;
  /** The principal of a token whose check and principal are both kept and current, without waiting: most requests' case. */
  known(token: string): Principal | undefined;
  forget(): void;
  /** Resolves once every change committed before the call has been seen (tests that write the database directly). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

export async function createSessionCache(database: Pick<Database, 'db' | 'listen'>, keys: TokenKeys): Promise<SessionCache> {
  const principals = new LRUCache<string, { principal: Principal; until: number }>({ max: PRINCIPALS_KEPT });
  const tokens = new LRUCache<string, { userId: number; sessionId: string; until: number }>({ max: TOKENS_KEPT });
  let listening = false;
  let generation = 0;
  const forget = () => {
    generation++;
    principals.clear();
  };
  const listener = await database.listen(ACCESS_CHANGED_CHANNEL, {
    notify: forget,
    up: () => {
      forget();
      listening = true;
    },
    down: () => {
      listening = false;
      forget();
    },
  });
  const keptPrincipal = (userId: number, sessionId: string, now = Date.now()) => {
    const kept = principals.get(sessionId);
    return kept && kept.principal.userId === userId && kept.until > now ? kept.principal : undefined;
  };
  return {
    async principal(userId, sessionId) {
      const kept = keptPrincipal(userId, sessionId);
      if (kept) return kept;
      const seen = generation;
      const loaded = await loadPrincipal(database.db, userId, sessionId);
      if (!loaded) return null;
      const { ttlMs, ...principal } = loaded;
      if (listening && seen === generation) principals.set(sessionId, { principal, until: Date.now() + Math.min(ttlMs, PRINCIPAL_MAX_AGE_MS) });
      return principal;
    },
    async verify(token) {
      const kept = tokens.get(token);
      if (kept && kept.until > Date.now()) return kept;
      const claims = await verifyAccessToken(keys, token);
      tokens.set(token, { ...claims, until: claims.expiresAt * 1000 });
      return claims;
    },
    known(token) {
      const now = Date.now();
      const claims = tokens.get(token);
      return claims && claims.until > now ? keptPrincipal(claims.userId, claims.sessionId, now) : undefined;
    },
    forget,
    sync: () => listener.sync(),
    close: () => listener.close(),
  };
}

function describe(access: Access): string {
  if (typeof access === 'string') return access;
  return 'permission' in access ? access.permission : `any of ${access.anyOf.join(', ')}`;
}

function allows(access: Exclude<Access, 'public' | 'signed-in'>, perms: ReadonlySet<string>): boolean {
  return 'permission' in access ? perms.has(access.permission) : access.anyOf.some((p) => perms.has(p));
}

/**
 * Deny by default for every route registered in `scope` and its children: a route without
 * `config.access` throws at registration; non-public routes authenticate (and authorise)
 * before the body is even parsed.
 */
/** One registered route and the access it declared (the access matrix test walks these). */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route's request schemas (zod), for tests that generate input from them. */
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

export function enforceAccess(scope: FastifyInstance, sessions: SessionCache, table: RouteAccess[] = []) {
  const authenticate = async (token: string | undefined): Promise<Principal> => {
    if (!token) throw new AppError('UNAUTHENTICATED', 'Sign-in required');
    const { userId, sessionId } = await sessions.verify(token);
    const principal = await sessions.principal(userId, sessionId);
    if (!principal) throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    return principal;
  };
  /** The request's principal, or the refusal of a principal without the route's permission. */
  const admit = (request: FastifyRequest, access: Exclude<Access, 'public'>, principal: Principal): AppError | undefined => {
    request.principal = principal;
    if (access === 'signed-in' || allows(access, principal.permissions)) return undefined;
    request.log.info({ userId: principal.userId, needs: describe(access) }, 'permission denied');
    return new AppError('FORBIDDEN', "Access denied. You don't have permission to perform this action.");
  };
  // A request that may have written answers only once its instance forgot what it kept (see
  // SessionCache): a hook of the routes that may write only, not of every read.
  const forgetWhenAnswered: onSendHookHandler = (_request, _reply, payload, done) => {
    sessions.forget();
    done(null, payload);
  };

  scope.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access: add config.access ('public', 'signed-in' or a permission)`);
    }
    const methods = [route.method].flat().map(String);
    for (const method of methods) table.push({ method, url: route.url, access, schema: route.schema as RouteAccess['schema'] });
    if (methods.some((m) => m !== 'GET' && m !== 'HEAD')) route.onSend = [...hooksOf(route.onSend), forgetWhenAnswered];
    if (access === 'public') return;
    // A callback hook: a request whose sign-in this instance keeps is admitted without waiting (no promise).
    const guard: onRequestHookHandler = (request, _reply, done) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const known = token ? sessions.known(token) : undefined;
      if (known) return done(admit(request, access, known));
      authenticate(token).then((principal) => done(admit(request, access, principal)), done);
    };
    route.onRequest = [guard, ...hooksOf(route.onRequest)];
  });
}

const hooksOf = <H>(hooks: H | H[] | undefined): H[] => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : []);

/** The signed-in principal of a non-public route. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', 'Sign-in required');
  return request.principal;
}
