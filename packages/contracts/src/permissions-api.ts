import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';

export const permissionSortFields = ['id', 'name', 'description', 'enabled', 'createdAt'] as const;

export const permissionListQuery = pageQuery.extend({
  keyword: z.string().trim().max(200).optional(),
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
