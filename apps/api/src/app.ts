import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { errorResponsesOf } from '@milepost/contracts/route-table';
import type { Mailer } from './integrations/mail/mailer';
import type { AppDeps } from './app-deps';
import { registerApiModules, type ModuleRoute } from './api-modules';
import { createSessionCache, enforceAccess, type RouteAccess, type SessionCache } from './platform/access';
import { configurePasswordHashing } from './platform/crypto';
import { AccessLog } from './platform/access-log';
import { shedOverload } from './platform/overload';
import { AppError, registerErrorHandling } from './platform/errors';
import { databaseRateLimitStore } from './platform/rate-limit';
import { metricsRoutes, observeRequests } from './platform/metrics';
import { BROTLI_QUALITY, GZIP_LEVEL } from './platform/json-text';
import { checkDeclaredErrors } from './platform/route';
import { securityHeaders } from './platform/security-headers';

export interface BuildOptions {
  /** Built once by the caller (createAppDeps); Fastify logs through `deps.log`. */
  deps: AppDeps;
  /**
   * Tests: an error answer whose code the route's table entry does not declare becomes a 500
   * saying so (platform/route.ts checkDeclaredErrors).
   */
  checkDeclaredErrors?: boolean;
}

/** Builds the whole product (API, docs, web app) without listening, so tests can `inject()`. */
export async function buildApp({ deps, checkDeclaredErrors: checkErrors = false }: BuildOptions): Promise<FastifyInstance> {
  const { config, db, keys, mailer } = deps;
  const app = Fastify({
    loggerInstance: deps.log,
    bodyLimit: config.BODY_LIMIT_BYTES,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Behind a reverse proxy: idle keep-alive sockets outlive the proxy's own idle timeout, and
    // no socket inactivity timer closes them earlier.
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: Math.max(config.REQUEST_TIMEOUT_MS, config.KEEP_ALIVE_TIMEOUT_MS + 5_000),
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // One access-log line per request, written when it is answered (platform/access-log.ts).
    logController: new AccessLog(),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Loading the plugins (the docs page's assets) can take seconds on a loaded machine.
    pluginTimeout: 60_000,
  });
  app.server.headersTimeout = Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS);
  // Graceful shutdown: requests in flight when closing starts finish, and their keep-alive
  // connections close right after, so the process does not wait on idle sockets.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // The API speaks JSON only: any other body (text/plain included) is a 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  if (checkErrors) checkDeclaredErrors(app);
  observeRequests(app);
  configurePasswordHashing({ concurrency: config.PASSWORD_HASH_CONCURRENCY, queue: config.PASSWORD_HASH_QUEUE });

  app.decorate('mailer', mailer);
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  const moduleRoutes: ModuleRoute[] = [];
  app.decorate('moduleRoutes', moduleRoutes);

  securityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // HERE is reached by the API only (routing, autosuggest, tiles): the browser talks to us.
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  // JSON answers (and any file without a precompressed copy) are compressed when worth it, at
  // the quickest levels, as the answers written by PostgreSQL are (platform/json-text.ts): on the
  // Mileage Report's answer brotli 4 was 12 % of the server's profile (docs/trips-query-plans.md).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });

  // Under overload (the event loop lagging), answer 503 with Retry-After at once.
  if (config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS || config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION) {
    shedOverload(app, {
      maxEventLoopDelayMs: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? 0,
      maxEventLoopUtilization: config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      sampleIntervalMs: config.OVERLOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: config.OVERLOAD_RETRY_AFTER_SECONDS,
    });
  }

  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    errorResponseBuilder: (req) => new AppError('TOO_MANY_REQUESTS', req.url.includes('/reset-password') ? AUTH_MESSAGES.resetRequest429 : GENERIC_ERROR_MESSAGES[429]),
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Milepost API',
        version: '1.0.0',
        description: 'Fleet and dispatch back office. Every success is `{ data }`; every error is `{ status, code, message, errors? }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    // Each route's error answers, with the codes its table entry declares (packages/contracts/src/route-table.ts).
    transform: (input) => {
      const def = input.route.config?.route;
      if (!def) return jsonSchemaTransform(input);
      return jsonSchemaTransform({ ...input, schema: { ...input.schema, response: { ...errorResponsesOf(def), ...(input.schema.response as object | undefined) } } });
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, transformStaticCSP: (h) => h });

  // The sign-in check without a database round trip per request (platform/access.ts SessionCache).
  const sessions = await createSessionCache(deps.database, keys);
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => sessions.close());

  // Every API route below must declare its access (deny by default).
  await app.register(async (api) => {
    enforceAccess(api, sessions, routeTable);
    await api.register(async (scope) => metricsRoutes(scope, { token: config.METRICS_TOKEN, database: deps.database }));
    // Each module under its URL prefix, its listed exceptions at /api/v1 (api-modules.ts).
    await registerApiModules(api, deps, moduleRoutes);
  });

  await serveWebApp(app, config.WEB_DIST_DIR);
  return app;
}

/** Serves the built web app, with index.html for every client-side route. */
async function serveWebApp(app: FastifyInstance, distDir: string) {
  if (!distDir || !existsSync(path.join(distDir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    // The build writes .br and .gz copies of every text asset; the best one the browser accepts is
    // sent for the asset's own path, so the copies need no routes of their own (a route per file is
    // registered at every start: docs/deploy.md#starting).
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // Our own cache-control below: the plugin's default (max-age=0) would replace it.
    cacheControl: false,
    setHeaders: (res, file) => {
      res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Every other path is a client-side route: the app shell answers it. A missing file under
  // assets/ (an old build's chunk), and any unknown /api path in any letter case, is a JSON
  // 404, not the shell.
  app.get('/*', { config: { access: 'public' } }, (req, reply) => {
    const file = req.url.split('?')[0]!.replace(/^\/+/, '');
    const lower = file.toLowerCase();
    if (lower === 'api' || lower.startsWith('api/') || lower.startsWith('assets/')) {
      return reply.status(404).send({ status: 404, code: 'NOT_FOUND', message: `No route ${req.method} /${file}` });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /** Every API route with the access it declared. */
    routeTable: RouteAccess[];
    /** Every route of a module (api-modules.ts) with the module that registered it. */
    moduleRoutes: ModuleRoute[];
    /** The sign-in checks this instance keeps (platform/access.ts). */
    sessions: SessionCache;
  }
}
