import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { principalOf } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { countHit } from '../../platform/rate-limit';
import type { AppDeps } from '../../app-deps';
import { route } from '../../platform/route';
import { routes } from '@milepost/contracts/routes';
import * as auth from './service';

/** Sign-in and password-reset limits; the counters live in PostgreSQL, shared by every instance (docs/deploy.md). */
function authLimits(config: AppDeps['config']) {
  // Sign-in attempts count per client (IP), generously so an office behind one NAT can sign
  // in, before the body is read; and per address (below, from any client), so guessing at one
  // account is stopped. Both counters live in the database, shared by every instance.
  const loginWindowMs = config.RATE_LIMIT_LOGIN_WINDOW_SECONDS * 1000;
  const loginClientLimit = { max: config.loginClientMax, timeWindow: loginWindowMs, keyGenerator: (req: FastifyRequest) => req.ip };
  const ipAndAddress = (req: FastifyRequest) => `${req.ip}|${String((req.body as { email?: string }).email ?? '').toLowerCase()}`;
  const resetLimit = {
    max: config.RATE_LIMIT_RESET_MAX,
    timeWindow: config.RATE_LIMIT_RESET_WINDOW_SECONDS * 1000,
  };
  // Reset requests: per address (below, across IPs) and, more generously, per IP.
  const resetInitLimit = { max: resetLimit.max * 10, timeWindow: resetLimit.timeWindow };
  const resetFinishLimit = { ...resetLimit, hook: 'preHandler' as const, keyGenerator: ipAndAddress };
  return { loginWindowMs, loginClientLimit, resetLimit, resetInitLimit, resetFinishLimit };
}

/** /api/v1/auth (api-modules.ts): a refresh token's rotation and end. */
export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  route(r, routes.auth.refresh, async (req) => ({ data: await auth.refresh(deps.auth, req.body.refreshToken) }), {
    config: { rateLimit: { max: 60, timeWindow: 60_000 } },
  });

  route(r, routes.auth.logout, async (req) => {
    await auth.logout(deps.auth, req.body.refreshToken);
    return { data: null };
  });
}

/** The spec's sign-in paths outside /auth (listed in api-modules.ts OUTSIDE_PREFIX). */
export async function authRoutesOutsidePrefix(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const { loginWindowMs, loginClientLimit, resetLimit, resetInitLimit, resetFinishLimit } = authLimits(config);

  route(
    r,
    routes.auth.authenticate,
    async (req) => {
      const perAddress = await countHit(deps.db, `login-email:${req.body.email.toLowerCase()}`, loginWindowMs);
      if (perAddress.count > config.RATE_LIMIT_LOGIN_MAX) throw new AppError('TOO_MANY_REQUESTS', GENERIC_ERROR_MESSAGES[429], undefined, perAddress.ttlMs / 1000);
      return { data: await auth.authenticate(deps.auth, req.body.email, req.body.password) };
    },
    {
      config: { rateLimit: loginClientLimit },
    },
  );

  route(
    r,
    routes.auth.resetPasswordInit,
    async (req) => {
      // Also limited per address, so one inbox cannot be flooded from many IPs.
      const perAddress = await countHit(deps.db, `reset-email:${req.query.email.toLowerCase()}`, resetLimit.timeWindow);
      if (perAddress.count > resetLimit.max) throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.resetRequest429);
      await auth.requestPasswordReset(deps.auth, req.query.email);
      return { data: null };
    },
    {
      config: { rateLimit: resetInitLimit },
    },
  );

  route(
    r,
    routes.auth.resetPasswordFinish,
    async (req) => {
      await auth.finishPasswordReset(deps.auth, req.body);
      return { data: null };
    },
    {
      config: { rateLimit: resetFinishLimit },
    },
  );

  route(r, routes.auth.me, async (req) => ({ data: await auth.currentUser(deps.db, principalOf(req).userId) }));

  route(r, routes.auth.updateProfile, async (req) => ({ data: await auth.updateProfile(deps.db, principalOf(req).userId, req.body) }));
}
