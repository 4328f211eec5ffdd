import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';

export const ROLE_MESSAGES = {
  nameRequired: 'Name is required',
  permissionsRequired: 'At least one permission is required',
  duplicateName: 'Role with this name already exists.',
  notFound: 'Role not found.',
  unknownPermissions: 'Some of the chosen permissions do not exist.',
  ownerCannotBeDeactivated: 'The OWNER role cannot be deactivated.',
  ownerCannotBeRenamed: 'The OWNER role cannot be renamed.',
} as const;

export const roleSortFields = ['id', 'name', 'description', 'active', 'created'] as const;

export const roleListQuery = pageQuery.extend({
  keyword: z.string().trim().max(200).optional(),
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
  name: z.string({ message: ROLE_MESSAGES.nameRequired }).trim().min(1, ROLE_MESSAGES.nameRequired).max(100),
  description: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  permissionIds: z
    .array(z.number().int().positive(), { message: ROLE_MESSAGES.permissionsRequired })
    .min(1, ROLE_MESSAGES.permissionsRequired)
    .max(1000),
});
export type RoleForm = z.input<typeof roleForm>;
