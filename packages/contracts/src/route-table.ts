import { z } from 'zod';
import { errorBody } from './api';
import { ERROR_STATUS, type ErrorCode } from './error-codes';
import type { PermissionName } from './permissions';

/**
 * The shape of one API route, declared once for the server, the OpenAPI document and the web
 * client (docs/decisions/023-one-route-table.md). The tables themselves are in routes/*.ts and
 * gathered in routes.ts.
 */

/**
 * Who may call a route (deny by default, checked by the API's platform/access.ts):
 * - 'public': no sign-in
 * - 'signed-in': any active signed-in user
 * - { permission }: the user must hold this enabled permission
 * - { anyOf }: the user must hold at least one of these (the SHOW / SHOW_PAGE readings)
 */
export type Access = 'public' | 'signed-in' | { readonly permission: PermissionName } | { readonly anyOf: readonly PermissionName[] };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  readonly method: HttpMethod;
  /** From the server's root, in Fastify's form (`/api/v1/shops/:id`). */
  readonly path: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answers by status (a binary answer, such as a map tile, declares none). */
  readonly responses: { readonly [status: number]: z.ZodType };
  /**
   * The domain codes the route may answer beyond those every route of its kind may
   * (see `implicitErrorCodes`); each answers with `errorBody` at its ERROR_STATUS.
   */
  readonly errors: readonly ErrorCode[];
  /** Left out of the OpenAPI document. */
  readonly hide?: boolean;
}

/** Keeps each entry's literal types (the web client and the API's handlers are typed from them). */
export function defineRoutes<const T extends Record<string, RouteDef>>(routes: T): T {
  return routes;
}

const BODY_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What any route of its kind may answer, so no entry has to list it: a failed sign-in check,
 * a refused permission, input that fails its schema, a body the server cannot read, two
 * writes colliding in the database, and the platform's own failures.
 */
export function implicitErrorCodes(route: Pick<RouteDef, 'method' | 'access' | 'params' | 'query' | 'body'>): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (route.params || route.query || route.body) codes.push('VALIDATION_FAILED');
  if (BODY_METHODS.has(route.method)) codes.push('BAD_REQUEST', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'CONFLICT');
  if (route.access !== 'public') codes.push('UNAUTHENTICATED');
  if (typeof route.access === 'object') codes.push('FORBIDDEN');
  codes.push('INTERNAL', 'UNAVAILABLE');
  return codes;
}

/** Every code a route may answer: its own and the implicit ones. */
export function errorCodesOf(route: RouteDef): ReadonlySet<ErrorCode> {
  return new Set([...implicitErrorCodes(route), ...route.errors]);
}

/** The error answers by status, each naming its codes (for the OpenAPI document). */
export function errorResponsesOf(route: RouteDef): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<number, z.ZodType> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[status] = errorBody.extend({ status: z.literal(status), code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) }).describe(`Error: ${codes.join(', ')}`);
  }
  return out;
}

/**
 * A route's method and path without its schemas, typed by its table entry (`route` is never
 * set): what the web client sends, so its bundle carries no schema it does not use
 * (route-refs.gen.ts).
 */
export interface RouteRef<D extends RouteDef = RouteDef> {
  readonly method: D['method'];
  readonly path: D['path'];
  readonly route?: D;
}
