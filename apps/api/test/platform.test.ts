import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { enforceAccess } from '../src/platform/access';
import { registerErrorHandling } from '../src/platform/errors';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('GET /api/health checks the database', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('deny by default', () => {
  const bare = async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    return app;
  };

  it('a route that declares no access fails to register', async () => {
    const app = await bare();
    app.register(async (api) => {
      enforceAccess(api, ctx.app.sessions);
      api.get('/api/v1/forgotten', async () => ({ data: 'should never be served' }));
    });
    await expect(app.ready()).rejects.toThrow(/declares no access/);
  });

  it('a server error answers with the generic message and no internals', async () => {
    const app = await bare();
    app.register(async (api) => {
      enforceAccess(api, ctx.app.sessions);
      api.get('/boom', { config: { access: 'public' } }, async () => {
        throw new Error('connection to 10.1.2.3 failed: password for user "admin" is wrong');
      });
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ status: 500, code: 'INTERNAL', message: 'Server error. Please try again later.' });
    expect(res.body).not.toContain('10.1.2.3');
    await app.close();
  });

  it('every registered API route declares its access (all routes respond without a token with 401, 400 or 200 for public ones)', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/permissions' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: 'Sign-in required' });
  });
});

describe('error contract', () => {
  it('unknown routes answer 404 in the error shape', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('malformed JSON is a 400 in the error shape', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'BAD_REQUEST' });
  });

  it('a body over the limit is refused with 413', async () => {
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/authenticate',
      payload: { email: 'a@example.test', password: 'x'.repeat(4096) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('security headers', () => {
  it('are set on API answers', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toBeDefined();
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('OpenAPI', () => {
  it('the document is generated from the route schemas and the docs page is served', async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/authenticate', '/api/v1/auth/refresh', '/api/v1/me', '/api/v1/profile', '/api/v1/permissions']));
    expect(doc.paths['/api/v1/authenticate'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
    const page = await call(ctx.app, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('paged lists', () => {
  it('default to page 0 and size 50, cap size at 100, sort by allowed fields only', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_ROLES'] });
    const { accessToken: token } = await signIn(ctx.app, user);
    const page = (await call(ctx.app, { method: 'GET', url: '/api/v1/permissions', token })).json().data;
    expect(page).toMatchObject({ page: 0, size: 50 });
    expect(page.content).toHaveLength(50);
    expect(page.totalElements).toBeGreaterThan(50);
    expect(page.totalPages).toBe(Math.ceil(page.totalElements / 50));

    const second = (await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?page=1&size=50', token })).json().data;
    expect(second.content.length).toBe(page.totalElements - 50);

    const tooBig = await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?size=101', token });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe('size must be at most 100');

    const badSort = await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?sort=password,asc', token });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/^Cannot sort by 'password'/);

    const sorted = (await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?sort=name,desc&size=5', token })).json().data.content;
    const names = sorted.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort().reverse());

    const filtered = (await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?keyword=trip%20history', token })).json().data;
    expect(filtered.content.map((p: { name: string }) => p.name)).toEqual(['CAN_SHOW_TRIP_HISTORY']);
  });
});
