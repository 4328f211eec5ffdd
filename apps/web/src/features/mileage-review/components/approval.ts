import { APPROVE_MAX_ITEMS, type ApproveResultItem, type ApproveStatus } from '@milepost/contracts/mileage-review-api';
import { formatCentral } from '@milepost/contracts/time';
import { approveTrips } from '../api/mileage-review-api';

const APPROVE_WORDS: Record<ApproveStatus, string> = {
  APPROVED: 'approved',
  STALE_VERSION: 'changed meanwhile',
  STALE_RULE: 'being recomputed for the new rule',
  NOT_READY: 'no longer ready',
  NOT_FOUND: 'not found',
};

/** "12 approved · 1 changed meanwhile": the per-status counts of an approval, in words. */
export function approvalSummary(results: { status: ApproveStatus }[]): string {
  const counts = new Map<ApproveStatus, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  return (Object.keys(APPROVE_WORDS) as ApproveStatus[])
    .filter((s) => counts.get(s))
    .map((s) => `${counts.get(s)} ${APPROVE_WORDS[s]}`)
    .join(' · ');
}

/** How many trips not approved the warning names one by one; the rest are counted. */
export const NOT_APPROVED_NAMED = 8;

/**
 * Why one trip was not approved, naming it: "LD-2: changed by Rita User at 11/27/2026 14:15 CT",
 * "LD-3: not ready (it needs review)" (docs/mileage-review.md "Screen").
 */
export function notApprovedLine(r: ApproveResultItem): string {
  const name = r.number ?? `#${r.tripId}`;
  const when = r.changedAt ? ` at ${formatCentral(r.changedAt, 'MM/dd/yyyy HH:mm')} CT` : '';
  switch (r.status) {
    case 'STALE_VERSION':
      return `${name}: changed by ${r.changedBy ?? 'someone else'}${when}`;
    case 'NOT_READY':
      return `${name}: not ready (it needs review or was approved meanwhile)`;
    case 'STALE_RULE':
      return `${name}: being recomputed for the new rule`;
    default:
      return `${name}: not found`;
  }
}

/** The trips an approval left unapproved, each with its reason, as the warning's lines. */
export function notApprovedLines(results: ApproveResultItem[]): string[] {
  const missed = results.filter((r) => r.status !== 'APPROVED');
  const lines = missed.slice(0, NOT_APPROVED_NAMED).map(notApprovedLine);
  if (missed.length > NOT_APPROVED_NAMED) lines.push(`and ${missed.length - NOT_APPROVED_NAMED} more`);
  return lines;
}

/** Approves in calls of 500 (the API's limit), reporting progress; answers every item's status. */
export async function approveInBatches(items: { tripId: number; version: number }[], onProgress: (done: number) => void) {
  const results: ApproveResultItem[] = [];
  for (let i = 0; i < items.length; i += APPROVE_MAX_ITEMS) {
    const answer = await approveTrips(items.slice(i, i + APPROVE_MAX_ITEMS));
    results.push(...answer.results);
    onProgress(results.length);
  }
  return results;
}
