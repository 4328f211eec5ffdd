import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { dispatcherSortFields, teamSortFields } from './list-query';
import { id, optionalId, optionalText, queryText, requiredText } from './fields';

export const DISPATCHER_MESSAGES = {
  firstName: 'First Name is required',
  notFound: 'Dispatcher not found.',
  teamNotFound: 'Team not found.',
} as const;

export const TEAM_MESSAGES = {
  name: 'Team Name is required',
  duplicate: 'Team with this name already exists.',
  notFound: 'Team not found.',
} as const;

export const dispatcherListQuery = pageQuery.extend({
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  teamId: id().optional(),
  sort: sortQuery(dispatcherSortFields),
});

export const dispatcherRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  teamId: z.number().int().nullable(),
  team: z.string().nullable(),
  active: z.boolean(),
  created: z.string(),
});
export type DispatcherRow = z.infer<typeof dispatcherRow>;

export const dispatcherForm = z.object({
  firstName: requiredText('First Name', 100, DISPATCHER_MESSAGES.firstName),
  lastName: optionalText('Last Name', 100),
  teamId: optionalId(),
});
export type DispatcherForm = z.input<typeof dispatcherForm>;

export const teamListQuery = pageQuery.extend({
  /** One team by id (a filter's label read back after a reload). */
  id: id().optional(),
  keyword: queryText('Keyword'),
  active: booleanQuery.optional(),
  sort: sortQuery(teamSortFields),
});

export const teamRow = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
  created: z.string(),
  updated: z.string(),
});
export type TeamRow = z.infer<typeof teamRow>;

export const teamForm = z.object({ name: requiredText('Team Name', 100, TEAM_MESSAGES.name) });
export type TeamForm = z.input<typeof teamForm>;
