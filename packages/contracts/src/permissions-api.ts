import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { permissionSortFields } from './list-query';
import { optionalText, queryText, requiredText } from './fields';

export const permissionListQuery = pageQuery.extend({
  keyword: queryText('Keyword', 200),
  enabled: booleanQuery.optional(),
  /** The role form asks for active permissions only, with this reading of the spec. */
  active: booleanQuery.optional(),
  sort: sortQuery(permissionSortFields),
});
export type PermissionListQuery = z.input<typeof permissionListQuery>;

export const permissionRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  created: z.string(),
});
export type PermissionRow = z.infer<typeof permissionRow>;

export const PERMISSION_MESSAGES = {
  nameRequired: 'Permission name is required',
  nameFormat: 'Use capital letters, digits and underscores, for example CAN_SHOW_TRIPS',
  nameImmutable: 'Permission name cannot be changed after creation.',
  duplicateName: 'Permission with this name already exists.',
  notFound: 'Permission not found.',
} as const;

export const permissionForm = z.object({
  name: requiredText('Permission name', 100, PERMISSION_MESSAGES.nameRequired).regex(/^[A-Z][A-Z0-9_]*$/, PERMISSION_MESSAGES.nameFormat),
  description: optionalText('Description', 500, 'many'),
  enabled: z.boolean().optional().default(true),
});
export type PermissionForm = z.input<typeof permissionForm>;

export const changeEnabledQuery = z.object({ enabled: booleanQuery });
