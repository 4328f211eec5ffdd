import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, paged } from '@milepost/contracts/api';
import { permissionListQuery, permissionRow } from '@milepost/contracts/permissions-api';
import type { AppDeps } from '../../app';
import { listPermissions } from './service';

export async function permissionRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get('/permissions', {
    config: { access: { anyOf: ['CAN_SHOW_ROLES', 'CAN_SHOW_ROLE_PAGE'] } },
    schema: { tags: ['permissions'], summary: 'Permissions, paged', querystring: permissionListQuery, response: { 200: envelope(paged(permissionRow)) } },
    handler: async (req) => ({ data: await listPermissions(deps.db, req.query) }),
  });
}
