import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '@milepost/contracts/error-codes';
import { errorCodesOf, type RouteDef } from '@milepost/contracts/route-table';

/**
 * Registering a handler against the route table (packages/contracts/src/routes.ts,
 * docs/decisions/023-one-route-table.md): the table gives the method, path, schemas and access;
 * the module gives the handler and what only the server knows (rate limits, compression).
 */

export type ZodFastify = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

type Field<D, K extends string> = D extends { readonly [P in K]: infer S extends z.ZodType } ? S : undefined;

/** The Fastify schema of a table entry, so requests and answers are typed as if written inline. */
export interface SchemaOf<D extends RouteDef> {
  params: Field<D, 'params'>;
  querystring: Field<D, 'query'>;
  body: Field<D, 'body'>;
  response: D['responses'];
}

export type RouteHandler<D extends RouteDef> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<D>,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route table entry a route was registered against (platform/route.ts). */
    route?: RouteDef;
  }
}

/**
 * Registers `handler` for the table entry `def` in `app`, whose prefix the entry's path must
 * start with (a module's folder prefix, or /api/v1 for its listed paths outside it).
 */
export function route<D extends RouteDef>(app: ZodFastify, def: D, handler: RouteHandler<D>, options: RouteShorthandOptions = {}) {
  if (!def.path.startsWith(app.prefix)) throw new Error(`${def.method} ${def.path} is registered under ${app.prefix}, outside its path`);
  const hasResponses = Object.keys(def.responses).length > 0;
  app.route({
    // A route without a body has nothing to decompress: no hook of the compress plugin's on each request.
    ...(def.body ? {} : { decompress: false }),
    ...options,
    method: def.method,
    url: def.path.slice(app.prefix.length) || '/',
    config: { ...options.config, access: def.access, route: def },
    schema: {
      tags: [...def.tags],
      summary: def.summary,
      ...(def.hide ? { hide: true } : {}),
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(hasResponses ? { response: def.responses } : {}),
    },
    handler,
  } as RouteOptions);
}

/** Error answers no table entry declared, in the order they were sent (tests read and clear it). */
export const undeclaredErrors: string[] = [];

/**
 * For tests: keeps the table's error declarations true. An error answer (4xx, 5xx) of a table
 * route whose code the entry does not declare, or at a status not its code's, is replaced by a
 * 500 naming the route and the code, and noted in `undeclaredErrors`.
 */
export function checkDeclaredErrors(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const def = request.routeOptions.config.route;
    if (!def || reply.statusCode < 400 || typeof payload !== 'string') return payload;
    let code: unknown;
    try {
      code = (JSON.parse(payload) as { code?: unknown }).code;
    } catch {
      return payload;
    }
    if (typeof code === 'string' && errorCodesOf(def).has(code as ErrorCode) && ERROR_STATUS[code as ErrorCode] === reply.statusCode) return payload;
    // The health answers' 503 is their own body, declared as a response.
    if (def.responses[reply.statusCode]) return payload;
    const message = `${def.method} ${def.path} answered ${reply.statusCode} ${String(code)}, which its route table entry does not declare (packages/contracts/src/routes/)`;
    undeclaredErrors.push(message);
    process.stderr.write(`${message}\n`);
    reply.code(500);
    return JSON.stringify({ status: 500, code: 'INTERNAL', message });
  });
}
