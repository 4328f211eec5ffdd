import { z } from 'zod';
import { id } from './fields';
import { PROVIDER_LABELS, PROVIDERS, providerField, type ProviderName } from './providers';

/**
 * Telematics integrations of a company: run a sync on demand and read how the last one went
 * (docs/integrations/telematics.md). Both need CAN_SYNC_INTEGRATIONS.
 */
export const INTEGRATION_PROVIDERS = PROVIDERS;
export type IntegrationProvider = ProviderName;
export const INTEGRATION_LABELS: Readonly<Record<IntegrationProvider, string>> = PROVIDER_LABELS;
/** The on/off switches of the integrations, as a company's form and the global settings show them (the spec's `<provider>Enabled`). */
export const INTEGRATION_SWITCHES = PROVIDERS.map((p) => ({ name: providerField(p, 'Enabled'), label: `${PROVIDER_LABELS[p]} enabled` }));

/**
 * NEVER: no sync has run yet for this company and provider. STALLED: a run stopped answering
 * (its server died or it hangs); it is queued again by itself within a minute or two.
 */
export const SYNC_STATES = ['NEVER', 'QUEUED', 'RUNNING', 'STALLED', 'SUCCEEDED', 'FAILED'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
export const SYNC_STATE_LABELS: Record<SyncState, string> = {
  NEVER: 'Never synced',
  QUEUED: 'Queued',
  RUNNING: 'Running',
  STALLED: 'Stalled',
  SUCCEEDED: 'Synced',
  FAILED: 'Failed',
};

export const INTEGRATION_MESSAGES = {
  companyRequired: 'Company is required',
  providerRequired: `Provider must be ${PROVIDERS.join(' or ')}`,
  queued: 'Sync started.',
  notRunning: 'Background jobs are not running on this server.',
  stalled: 'The last run stopped answering; it will be tried again.',
} as const;

const companyId = id(INTEGRATION_MESSAGES.companyRequired);

/** `POST /integrations/sync` → 202 */
export const syncRequest = z.object({
  companyId,
  provider: z.enum(INTEGRATION_PROVIDERS, { message: INTEGRATION_MESSAGES.providerRequired }),
});
export type SyncRequest = z.infer<typeof syncRequest>;

export const syncAccepted = z.object({ companyId: z.number().int(), provider: z.enum(INTEGRATION_PROVIDERS), state: z.enum(SYNC_STATES) });

export const integrationStatusQuery = z.object({ companyId });

/** One provider's last sync; times are ISO 8601 (UTC). */
export const providerSyncStatus = z.object({
  /** The company's switch, the trip settings' switch, a stored token and (a polled provider) the server's address are all there. */
  enabled: z.boolean(),
  /** Why the provider is off, when it is. */
  disabledReason: z.string().nullable(),
  state: z.enum(SYNC_STATES),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  vehicles: z.number().int(),
  drivers: z.number().int(),
  error: z.string().nullable(),
  /** Provider records the last run skipped as unusable (a bad id, an impossible fix …). */
  skipped: z.number().int(),
  /** What the last run skipped and where its paging stopped early, in words ("3 records skipped: …"). */
  notice: z.string().nullable(),
});
export type ProviderSyncStatus = z.infer<typeof providerSyncStatus>;

/** `GET /integrations/status?companyId=` → per provider, in PROVIDERS order */
export const integrationStatus = z.object(Object.fromEntries(PROVIDERS.map((p) => [p, providerSyncStatus])) as Record<ProviderName, typeof providerSyncStatus>);
export type IntegrationStatus = z.infer<typeof integrationStatus>;
