import { INTEGRATION_LABELS, INTEGRATION_PROVIDERS, SYNC_STATE_LABELS, type IntegrationProvider, type ProviderSyncStatus } from '@milepost/contracts/integrations-api';
import type { CompanyRow } from '@milepost/contracts/companies-api';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { RecordLoader } from '@/components/layout/record-loader';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-messages';
import { formatDisplayDateTime } from '@/lib/date-format';
import { cn } from '@/lib/utils';
import { integrationStatusQueryOptions, useSyncIntegrationMutation } from '../api/companies-api';

const STATE_TONE: Record<ProviderSyncStatus['state'], string> = {
  NEVER: 'border-border bg-muted text-muted-foreground',
  QUEUED: 'border-border bg-muted text-foreground',
  RUNNING: 'border-primary/30 bg-primary/10 text-primary',
  STALLED: 'border-warning/30 bg-warning/10 text-warning',
  SUCCEEDED: 'border-success/30 bg-success/10 text-success',
  FAILED: 'border-destructive/30 bg-destructive/10 text-destructive',
};

function ProviderCard({ company, provider, status }: { company: CompanyRow; provider: IntegrationProvider; status: ProviderSyncStatus }) {
  const sync = useSyncIntegrationMutation();
  const label = INTEGRATION_LABELS[provider];
  const busy = status.state === 'QUEUED' || status.state === 'RUNNING' || sync.isPending;
  const headingId = `integration-${provider}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 rounded-lg border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {label}
        </h3>
        <span className={cn('inline-flex h-5 items-center rounded-full border px-2 text-xs font-medium', STATE_TONE[status.state])}>{SYNC_STATE_LABELS[status.state]}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Last run</dt>
        <dd className="tabular-nums">
          {status.startedAt ? `${formatDisplayDateTime(status.startedAt)}${status.finishedAt ? ` – ${formatDisplayDateTime(status.finishedAt, 'HH:mm')}` : ''} CT` : '—'}
        </dd>
        <dt className="text-muted-foreground">Vehicles</dt>
        <dd className="tabular-nums">{status.vehicles}</dd>
        <dt className="text-muted-foreground">Drivers</dt>
        <dd className="tabular-nums">{status.drivers}</dd>
      </dl>
      {status.error && (
        <p role="alert" className="text-sm text-destructive">
          {status.error}
        </p>
      )}
      {status.notice && <p className="text-sm text-muted-foreground">{status.notice}</p>}
      {!status.enabled && status.disabledReason && <p className="text-sm text-muted-foreground">{status.disabledReason}</p>}
      <div>
        <Button
          size="sm"
          variant="outline"
          disabled={!status.enabled || busy}
          onClick={() =>
            sync.mutate(
              { companyId: company.id, provider },
              {
                onSuccess: () => toast.success(`${label} sync started.`),
                onError: (error) => toast.error(errorText(error)),
              },
            )
          }
        >
          <RefreshCw aria-hidden className={cn(busy && 'animate-spin')} />
          {busy ? 'Syncing...' : `Sync ${label} now`}
        </Button>
      </div>
    </section>
  );
}

/**
 * A company's telematics integrations (docs/integrations/telematics.md): each provider's last
 * sync — when it ran, how many vehicles and drivers it handled, and what went wrong — and a
 * button to sync now. Needs CAN_SYNC_INTEGRATIONS (the screen shows the action only then).
 */
export function CompanyIntegrations({ company }: { company: CompanyRow }) {
  const status = useQuery(integrationStatusQueryOptions(company.id));
  return (
    <RecordLoader query={status}>
      {(data) => (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted-foreground">Vehicles become trucks and drivers are linked every 15 minutes, and when you sync now.</p>
          {INTEGRATION_PROVIDERS.map((p) => (
            <ProviderCard key={p} company={company} provider={p} status={data[p]} />
          ))}
        </div>
      )}
    </RecordLoader>
  );
}
