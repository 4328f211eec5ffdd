import { envelope } from '../api';
import { integrationStatus, integrationStatusQuery, syncAccepted, syncRequest } from '../integrations-api';
import { defineRoutes } from '../route-table';

/** /api/v1/integrations and the module's paths outside it (apps/api/src/modules/telematics). */
export const telematicsRoutes = defineRoutes({
  sync: {
    method: 'POST',
    path: '/api/v1/integrations/sync',
    tags: ['integrations'],
    summary: "Queue a sync of a company's vehicles and drivers at one telematics provider",
    access: { permission: 'CAN_SYNC_INTEGRATIONS' },
    body: syncRequest,
    responses: { 202: envelope(syncAccepted) },
    errors: ['INTEGRATION_DISABLED', 'NOT_FOUND'],
  },
  status: {
    method: 'GET',
    path: '/api/v1/integrations/status',
    tags: ['integrations'],
    summary: "How each provider's last sync of a company went",
    access: { permission: 'CAN_SYNC_INTEGRATIONS' },
    query: integrationStatusQuery,
    responses: { 200: envelope(integrationStatus) },
    errors: ['NOT_FOUND'],
  },
});
