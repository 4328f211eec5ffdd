import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, idParam, paged } from '@milepost/contracts/api';
import { shopForm, shopListQuery, shopRow } from '@milepost/contracts/shops-api';
import { changeActiveQuery } from '@milepost/contracts/users-api';
import type { AppDeps } from '../../app-deps';
import * as shops from './service';

export async function shopRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['shops'];
  r.get('/', {
    config: { access: { anyOf: ['CAN_SHOW_SHOPS', 'CAN_SHOW_SHOP_PAGE'] } },
    schema: { tags, summary: 'Shops, paged', querystring: shopListQuery, response: { 200: envelope(paged(shopRow)) } },
    handler: async (req) => ({ data: await shops.listShops(deps.db, req.query) }),
  });
  r.post('/', {
    config: { access: { permission: 'CAN_CREATE_SHOP' } },
    schema: { tags, summary: 'Create a shop', body: shopForm, response: { 201: envelope(shopRow) } },
    handler: async (req, reply) => reply.status(201).send({ data: await shops.createShop(deps.db, req.body) }),
  });
  r.put('/:id', {
    config: { access: { permission: 'CAN_EDIT_SHOP' } },
    schema: { tags, summary: 'Update a shop', params: idParam, body: shopForm, response: { 200: envelope(shopRow) } },
    handler: async (req) => ({ data: await shops.updateShop(deps.db, req.params.id, req.body) }),
  });
  r.patch('/change-status/:id', {
    config: { access: { permission: 'CAN_CHANGE_STATUS_SHOP' } },
    schema: { tags, summary: 'Activate or deactivate a shop', params: idParam, querystring: changeActiveQuery, response: { 200: envelope(shopRow) } },
    handler: async (req) => ({ data: await shops.changeShopStatus(deps.db, req.params.id, req.query.active) }),
  });
}
