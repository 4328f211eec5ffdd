import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { roleSortFields } from './list-query';
import { id, optionalText, queryText, requiredText } from './fields';

export const ROLE_MESSAGES = {
  nameRequired: 'Name is required',
  permissionsRequired: 'At least one permission is required',
  duplicateName: 'Role with this name already exists.',
  notFound: 'Role not found.',
  unknownPermissions: 'Some of the chosen permissions do not exist.',
  ownerCannotBeDeactivated: 'The OWNER role cannot be deactivated.',
  ownerCannotBeRenamed: 'The OWNER role cannot be renamed.',
} as const;

export const roleListQuery = pageQuery.extend({
  keyword: queryText('Keyword', 200),
  active: booleanQuery.optional(),
  sort: sortQuery(roleSortFields),
});
export type RoleListQuery = z.input<typeof roleListQuery>;

export const roleRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  created: z.string(),
});
export type RoleRow = z.infer<typeof roleRow>;

export const roleDetail = roleRow.extend({
  permissionIds: z.array(z.number().int()),
  permissions: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable(), enabled: z.boolean() })),
});
export type RoleDetail = z.infer<typeof roleDetail>;

export const roleForm = z.object({
  name: requiredText('Name', 100, ROLE_MESSAGES.nameRequired),
  description: optionalText('Description', 500, 'many'),
  permissionIds: z.array(id(), { message: ROLE_MESSAGES.permissionsRequired }).min(1, ROLE_MESSAGES.permissionsRequired).max(1000),
});
export type RoleForm = z.input<typeof roleForm>;
