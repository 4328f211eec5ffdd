import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { recoveryReasonSortFields } from './list-query';
import { id, queryText, requiredText } from './fields';

export const RECOVERY_REASON_MESSAGES = {
  name: 'Reason name is required',
  tooLong: 'Reason name must be less than 100 characters',
  duplicate: 'Recovery reason with this name already exists.',
  notFound: 'Recovery reason not found.',
} as const;

export const recoveryReasonListQuery = pageQuery.extend({
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  sort: sortQuery(recoveryReasonSortFields),
});

export const recoveryReasonRow = z.object({ id: z.number().int(), name: z.string(), active: z.boolean(), created: z.string() });
export type RecoveryReasonRow = z.infer<typeof recoveryReasonRow>;

const name = requiredText('Reason name', 99, RECOVERY_REASON_MESSAGES.name, RECOVERY_REASON_MESSAGES.tooLong);

export const recoveryReasonForm = z.object({ name });
export type RecoveryReasonForm = z.input<typeof recoveryReasonForm>;

/** PUT /recovery/reasons carries the id in the body, as the spec shows. */
export const recoveryReasonUpdate = z.object({ id: id(), name });
