import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_STATUS } from '@milepost/contracts/error-codes';
import { defineRoutes, errorCodesOf } from '@milepost/contracts/route-table';
import { allRoutes } from '@milepost/contracts/routes';
import { API_MODULES, registerApiModules, type ApiModule } from '../src/api-modules';
import { AppError, registerErrorHandling } from '../src/platform/errors';
import { checkDeclaredErrors, route, undeclaredErrors } from '../src/platform/route';
import { call, createTestContext, type TestContext } from './harness';

/** The route table (docs/decisions/023-one-route-table.md): one entry per route, each with its handler. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const withCompilers = () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
};

const starts = async (app: FastifyInstance, modules: readonly ApiModule[], table = allRoutes()) => {
  try {
    await app.register(async (scope) => registerApiModules(scope, ctx.deps, [], { modules, table })).ready();
  } finally {
    await app.close().catch(() => undefined);
  }
};

describe('route table', () => {
  it('the running app serves every entry of the table, and nothing else, once', () => {
    const served = ctx.app.moduleRoutes.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url.replace(/(.)\/$/, '$1')}`);
    const declared = allRoutes().map(({ def }) => `${def.method} ${def.path}`);
    expect(served.sort()).toEqual(declared.sort());
    expect(new Set(declared).size).toBe(declared.length);
  });

  it('an entry without a handler stops the app from starting', async () => {
    await expect(
      starts(
        withCompilers(),
        API_MODULES.filter((m) => m.folder !== 'shops'),
      ),
    ).rejects.toThrow(/Route table entries without a handler: routes\.shops\.list \(GET \/api\/v1\/shops\), routes\.shops\.create/);
  });

  it('a handler for a route that is not in the table stops the app from starting', async () => {
    const shops = API_MODULES.find((m) => m.folder === 'shops')!;
    const withExtra: ApiModule = {
      ...shops,
      routes: async (scope, deps) => {
        await shops.routes(scope, deps);
        scope.get('/extra', { config: { access: 'public' } }, async () => ({}));
      },
    };
    const table = allRoutes().filter((e) => e.module === 'shops');
    await expect(starts(withCompilers(), [withExtra], table)).rejects.toThrow(/shops registers GET \/api\/v1\/shops\/extra outside the route table/);
  });

  it("a handler registered against another module's entry stops the app from starting", async () => {
    const shops = API_MODULES.find((m) => m.folder === 'shops')!;
    const teams = allRoutes().find((e) => e.module === 'teams' && e.name === 'list')!;
    const borrowing: ApiModule = {
      ...shops,
      prefix: '/api/v1/teams',
      routes: async (scope) =>
        route(scope.withTypeProvider<ZodTypeProvider>(), teams.def, async () => ({ data: { content: [], totalPages: 0, totalElements: 0, page: 0, size: 20 } })),
    };
    await expect(starts(withCompilers(), [borrowing], [teams])).rejects.toThrow(
      /shops registers routes\.teams\.list \(GET \/api\/v1\/teams\/?\): an entry of another module's table/,
    );
  });

  it("the OpenAPI document lists every route's error answers with the codes its entry declares", async () => {
    const doc = (await call(ctx.app, { method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { description?: string; content?: Record<string, { schema: { properties: { code: { enum: string[] } } } }> }> }>
      >;
    };
    const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
    let checked = 0;
    for (const { def } of allRoutes()) {
      if (def.hide) continue;
      const op = doc.paths[openApiPath(def.path)]?.[def.method.toLowerCase()] ?? doc.paths[`${openApiPath(def.path)}/`]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.path}`).toBeDefined();
      const codes = [...errorCodesOf(def)];
      for (const code of codes) {
        const status = String(ERROR_STATUS[code]);
        if (def.responses[ERROR_STATUS[code]]) continue; // the health answers' own 503
        const answer = op!.responses[status];
        expect(answer, `${def.method} ${def.path} ${status}`).toBeDefined();
        expect(answer!.content!['application/json']!.schema.properties.code.enum).toContain(code);
      }
      const mayRefuse = def.access !== 'public' || def.params || def.query || def.body || def.method !== 'GET';
      if (mayRefuse)
        expect(
          Object.keys(op!.responses).some((s) => s.startsWith('4')),
          `${def.method} ${def.path} has no 4xx`,
        ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    const trip = doc.paths['/api/v1/trips/{id}']!.put!.responses;
    expect(trip['409']!.content!['application/json']!.schema.properties.code.enum).toEqual(expect.arrayContaining(['STALE_VERSION', 'NUMBER_IN_USE']));
  });

  it('in tests, an error code the entry does not declare becomes a 500 naming the route', async () => {
    const table = defineRoutes({
      declared: { method: 'GET', path: '/probe/declared', tags: [], summary: '', access: 'public', responses: { 200: z.object({}) }, errors: ['NOT_FOUND'] },
      undeclared: { method: 'GET', path: '/probe/undeclared', tags: [], summary: '', access: 'public', responses: { 200: z.object({}) }, errors: [] },
    });
    const app = withCompilers();
    registerErrorHandling(app);
    checkDeclaredErrors(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    route(r, table.declared, async () => {
      throw new AppError('NOT_FOUND', 'No such thing');
    });
    route(r, table.undeclared, async () => {
      throw new AppError('NOT_FOUND', 'No such thing');
    });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/probe/declared' })).statusCode).toBe(404);
      const before = undeclaredErrors.length;
      const res = await app.inject({ method: 'GET', url: '/probe/undeclared' });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('GET /probe/undeclared answered 404 NOT_FOUND, which its route table entry does not declare (packages/contracts/src/routes/)');
      expect(undeclaredErrors.slice(before)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
