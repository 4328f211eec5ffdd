import { eq, getTableColumns, sql } from 'drizzle-orm';
import { COMPANY_MESSAGES } from '@milepost/contracts/companies-api';
import {
  INTEGRATION_MESSAGES,
  INTEGRATION_PROVIDERS,
  type IntegrationStatus,
  type ProviderSyncStatus,
  type SyncRequest,
  type SyncState,
} from '@milepost/contracts/integrations-api';
import type { AppDeps } from '../../app-deps';
import { companies } from '../../db/schema/reference';
import { integrationSyncStatus } from '../../db/schema/telematics';
import { providerFor } from './registry';
import { AppError } from '../../platform/errors';
import { leaseExpired } from './sync';

async function assertCompany(deps: AppDeps, companyId: number) {
  const [c] = await deps.db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!c) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
}

/** Queues the sync; refused (409) when the provider is off for the company. */
export async function requestSync(deps: AppDeps, input: SyncRequest): Promise<{ companyId: number; provider: SyncRequest['provider']; state: SyncState }> {
  await assertCompany(deps, input.companyId);
  if (!deps.jobs) throw new AppError('UNAVAILABLE', INTEGRATION_MESSAGES.notRunning);
  const availability = await providerFor(deps.telematics, input.companyId, input.provider);
  if (!availability.enabled) throw new AppError('INTEGRATION_DISABLED', availability.reason);
  await deps.jobs.enqueueSync(input.companyId, input.provider);
  return { ...input, state: 'QUEUED' };
}

export async function statusOf(deps: AppDeps, companyId: number): Promise<IntegrationStatus> {
  await assertCompany(deps, companyId);
  const rows = await deps.db
    .select({ ...getTableColumns(integrationSyncStatus), stalled: sql<boolean>`${integrationSyncStatus.state} = 'RUNNING' and ${leaseExpired}` })
    .from(integrationSyncStatus)
    .where(eq(integrationSyncStatus.companyId, companyId));
  const entries = await Promise.all(
    INTEGRATION_PROVIDERS.map(async (provider): Promise<[string, ProviderSyncStatus]> => {
      const row = rows.find((r) => r.provider === provider);
      // A RUNNING row whose lease ran out is a run that died or hangs: shown as such until it is taken over.
      const stalled = row?.stalled === true;
      const availability = await providerFor(deps.telematics, companyId, provider);
      return [
        provider,
        {
          enabled: availability.enabled,
          disabledReason: availability.enabled ? null : availability.reason,
          state: stalled ? 'STALLED' : ((row?.state as SyncState | undefined) ?? 'NEVER'),
          startedAt: row?.startedAt?.toISOString() ?? null,
          finishedAt: row?.finishedAt?.toISOString() ?? null,
          vehicles: row?.vehicles ?? 0,
          drivers: row?.drivers ?? 0,
          error: stalled ? INTEGRATION_MESSAGES.stalled : (row?.error ?? null),
          skipped: row?.skipped ?? 0,
          notice: row?.notice ?? null,
        },
      ];
    }),
  );
  return Object.fromEntries(entries) as IntegrationStatus;
}
