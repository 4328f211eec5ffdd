import { envelope, idParam, paged } from '../api';
import { shopForm, shopListQuery, shopRow } from '../shops-api';
import { changeActiveQuery } from '../users-api';
import { defineRoutes } from '../route-table';

/** /api/v1/shops and the module's paths outside it (apps/api/src/modules/shops). */
export const shopsRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/shops',
    tags: ['shops'],
    summary: 'Shops, paged',
    access: { anyOf: ['CAN_SHOW_SHOPS', 'CAN_SHOW_SHOP_PAGE'] },
    query: shopListQuery,
    responses: { 200: envelope(paged(shopRow)) },
    errors: [],
  },
  create: {
    method: 'POST',
    path: '/api/v1/shops',
    tags: ['shops'],
    summary: 'Create a shop',
    access: { permission: 'CAN_CREATE_SHOP' },
    body: shopForm,
    responses: { 201: envelope(shopRow) },
    errors: ['ALREADY_EXISTS'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/shops/:id',
    tags: ['shops'],
    summary: 'Update a shop',
    access: { permission: 'CAN_EDIT_SHOP' },
    params: idParam,
    body: shopForm,
    responses: { 200: envelope(shopRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/shops/change-status/:id',
    tags: ['shops'],
    summary: 'Activate or deactivate a shop',
    access: { permission: 'CAN_CHANGE_STATUS_SHOP' },
    params: idParam,
    query: changeActiveQuery,
    responses: { 200: envelope(shopRow) },
    errors: ['NOT_FOUND'],
  },
});
