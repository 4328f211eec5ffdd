import { z } from 'zod';
import { envelope, idParam } from '../api';
import { globalSettingTypeQuery, tripSettings, tripSettingsForm, userRouteSetting, userRouteSettingForm } from '../settings-api';
import { defineRoutes } from '../route-table';

/** /api/v1/global-setting and the module's paths outside it (apps/api/src/modules/settings). */
export const settingsRoutes = defineRoutes({
  byType: {
    method: 'GET',
    path: '/api/v1/global-setting/by-type',
    tags: ['settings'],
    summary: 'System settings of a type (TRIP)',
    access: { permission: 'CAN_VIEW_RADIUS_SETTINGS' },
    query: globalSettingTypeQuery,
    responses: { 200: envelope(tripSettings) },
    errors: ['NOT_FOUND'],
  },
  create: {
    method: 'POST',
    path: '/api/v1/global-setting',
    tags: ['settings'],
    summary: 'Create the settings of a type',
    access: { permission: 'CAN_EDIT_RADIUS_SETTINGS' },
    body: tripSettingsForm,
    responses: { 201: envelope(tripSettings) },
    errors: ['ALREADY_EXISTS'],
  },
  update: {
    method: 'PUT',
    path: '/api/v1/global-setting/:id',
    tags: ['settings'],
    summary: 'Update settings',
    access: { permission: 'CAN_EDIT_RADIUS_SETTINGS' },
    params: idParam,
    body: tripSettingsForm,
    responses: { 200: envelope(tripSettings) },
    errors: ['NOT_FOUND'],
  },
  routeSetting: {
    method: 'GET',
    path: '/api/v1/user-route-setting/:userId',
    tags: ['route settings'],
    summary: "The signed-in user's route settings (404 when none yet)",
    access: 'signed-in',
    params: z.object({ userId: idParam.shape.id }),
    responses: { 200: envelope(userRouteSetting) },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
  createRouteSetting: {
    method: 'POST',
    path: '/api/v1/user-route-setting',
    tags: ['route settings'],
    summary: 'Create route settings',
    access: 'signed-in',
    body: userRouteSettingForm,
    responses: { 201: envelope(userRouteSetting) },
    errors: ['FORBIDDEN'],
  },
  updateRouteSetting: {
    method: 'PUT',
    path: '/api/v1/user-route-setting/:id',
    tags: ['route settings'],
    summary: 'Update route settings',
    access: 'signed-in',
    params: idParam,
    body: userRouteSettingForm,
    responses: { 200: envelope(userRouteSetting) },
    errors: ['FORBIDDEN', 'NOT_FOUND'],
  },
});
