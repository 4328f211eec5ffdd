import { z } from 'zod';
import { envelope, idParam, paged } from '../api';
import { changeActiveQuery, userForm, versionedChangeBody, userListQuery, userRow, userUpdate } from '../users-api';
import { defineRoutes } from '../route-table';

/** /api/v1/users and the module's paths outside it (apps/api/src/modules/users). */
export const usersRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/api/v1/users',
    tags: ['users'],
    summary: 'Users, paged',
    access: { anyOf: ['CAN_SHOW_USERS', 'CAN_SHOW_USER_PAGE', 'CAN_DRIVERS_ASSIGN_TO_USER_TRUCK'] },
    query: userListQuery,
    responses: { 200: envelope(paged(userRow)) },
    errors: [],
  },
  get: {
    method: 'GET',
    path: '/api/v1/users/:id',
    tags: ['users'],
    summary: 'One user',
    access: { anyOf: ['CAN_SHOW_USERS', 'CAN_SHOW_USER_PAGE'] },
    params: idParam,
    responses: { 200: envelope(userRow) },
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/v1/users',
    tags: ['users'],
    summary: 'Create a user and email an invitation to set a password',
    access: { permission: 'CAN_CREATE_USER' },
    body: userForm,
    responses: { 201: envelope(userRow) },
    errors: ['ALREADY_EXISTS', 'NOT_FOUND', 'PERMISSION_ESCALATION'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/users/:id',
    tags: ['users'],
    summary: 'Update a user',
    access: { permission: 'CAN_EDIT_USER' },
    params: idParam,
    body: userUpdate,
    responses: { 200: envelope(userRow) },
    errors: ['ALREADY_EXISTS', 'LAST_OWNER', 'NOT_FOUND', 'PERMISSION_ESCALATION', 'SELF_ROLE_CHANGE', 'STALE_VERSION'],
  },
  changeStatus: {
    method: 'PATCH',
    path: '/api/v1/users/change-status/:id',
    tags: ['users'],
    summary: 'Activate or deactivate a user',
    access: { permission: 'CAN_CHANGE_STATUS_USER' },
    params: idParam,
    query: changeActiveQuery,
    body: versionedChangeBody,
    responses: { 200: envelope(userRow) },
    errors: ['LAST_OWNER', 'NOT_FOUND', 'PERMISSION_ESCALATION', 'SELF_DEACTIVATION', 'STALE_VERSION'],
  },
  resendInvitation: {
    method: 'POST',
    path: '/api/v1/users/:id/resend-invitation',
    tags: ['users'],
    summary: 'Email a new invitation to a user who has not set a password',
    access: { permission: 'CAN_CREATE_USER' },
    params: idParam,
    responses: { 200: envelope(z.null()) },
    errors: ['NOT_FOUND', 'PASSWORD_ALREADY_SET', 'USER_INACTIVE'],
  },
});
