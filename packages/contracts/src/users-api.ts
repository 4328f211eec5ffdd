import { z } from 'zod';
import { booleanQuery, pageQuery, sortQuery } from './api';
import { userSortFields } from './list-query';
import { PHONE_INCOMPLETE, isPhoneComplete } from './phone';
import { id, queryText, requiredText, text, version } from './fields';

export const USER_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailInvalid: 'Invalid email format',
  phoneIncomplete: PHONE_INCOMPLETE,
  roleRequired: 'Role is required',
  duplicateEmail: 'User with this email already exists.',
  notFound: 'User not found.',
  cannotDeactivateSelf: 'You cannot deactivate your own account.',
  lastOwner: 'At least one active OWNER must remain. Make another user an active OWNER first.',
  roleNotFound: 'Role not found.',
  roleInactive: 'This role is inactive. Choose an active role.',
  staleVersion: 'This user was changed by someone else. Reload to see the latest version.',
  invitationSent: 'Invitation sent.',
  alreadyHasPassword: 'This user has already set a password.',
} as const;

export const userListQuery = pageQuery.extend({
  keyword: queryText('Keyword', 200),
  active: booleanQuery.optional(),
  roleId: id().optional(),
  sort: sortQuery(userSortFields),
});
export type UserListQuery = z.input<typeof userListQuery>;

export const userRow = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  roleId: z.number().int().nullable(),
  active: z.boolean(),
  /** False until the invited user sets a password. */
  passwordSet: z.boolean(),
  created: z.string(),
  version: z.number().int(),
});
export type UserRow = z.infer<typeof userRow>;

/** The user form and POST/PUT /users body (one schema for both sides). */
export const userForm = z.object({
  firstName: requiredText('First name', 100, USER_MESSAGES.firstNameRequired),
  lastName: requiredText('Last name', 100, USER_MESSAGES.lastNameRequired),
  email: text('Email', 254, USER_MESSAGES.emailInvalid).pipe(z.email({ message: USER_MESSAGES.emailInvalid })),
  phone: text('Phone', 32)
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isPhoneComplete(v), USER_MESSAGES.phoneIncomplete),
  roleId: id(USER_MESSAGES.roleRequired),
});
export type UserForm = z.input<typeof userForm>;

export const userUpdate = userForm.extend({
  /** The version the form was loaded at, required; a stale one is refused with 409. */
  version: version('version is required'),
});

export const changeActiveQuery = z.object({ active: booleanQuery });

/**
 * The body of a status change of a versioned record (trucks, companies, users): the version it was
 * shown at, required; a stale one is refused with 409 STALE_VERSION, as on a form save.
 */
/** The body of a versioned status change; a missing body says the same as a missing version. */
export const versionedChangeBody = z.object({ version: version('version is required') }, { message: 'version is required' });
export type VersionedChangeBody = z.input<typeof versionedChangeBody>;
