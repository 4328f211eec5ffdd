import { z } from 'zod';
import { PHONE_INCOMPLETE, isPhoneComplete } from './phone';
import { VALIDATION_MESSAGES as M } from './messages';
import { rawText, requiredText, text, version } from './fields';

const email = text('Email', 254, M.emailRequired)
  .min(1, M.emailRequired)
  .pipe(z.email({ message: M.emailInvalid }));

export const loginRequest = z.object({
  email,
  password: rawText('Password', 200, M.passwordRequired).min(1, M.passwordRequired),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const tokenPair = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPair>;

export const refreshRequest = z.object({ refreshToken: rawText('refreshToken', 200, 'refreshToken is required').min(1, 'refreshToken is required') });

export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const PASSWORD_MIN_LENGTH = 8;

/** The reset form (newPassword / confirmPassword) — the same schema validates the server call. */
export const resetPasswordForm = z
  .object({
    newPassword: rawText('Password', 200, M.passwordRequired).min(1, M.passwordRequired).min(PASSWORD_MIN_LENGTH, M.passwordTooShort),
    confirmPassword: rawText('Password', 200, M.confirmPasswordRequired).min(1, M.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: M.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const resetPasswordFinishRequest = z.object({
  email,
  token: rawText('token', 200, 'token is required').min(1, 'token is required'),
  newPassword: rawText('Password', 200, M.passwordRequired).min(1, M.passwordRequired),
  confirmPassword: rawText('Password', 200, M.confirmPasswordRequired).min(1, M.confirmPasswordRequired),
});
export type ResetPasswordFinishRequest = z.infer<typeof resetPasswordFinishRequest>;

export const grantedPermission = z.object({ name: z.string(), enabled: z.boolean() });

export const currentUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The user record's version: the profile save sends it back (PUT /profile). */
  version: z.number().int(),
  permissions: z.array(grantedPermission),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const profileRequest = z.object({
  firstName: requiredText('First Name', 100, M.firstNameRequired),
  lastName: requiredText('Last Name', 100, M.lastNameRequired),
  phone: text('Phone', 32)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isPhoneComplete(v), PHONE_INCOMPLETE),
});
export type ProfileRequest = z.input<typeof profileRequest>;

/** `PUT /profile`: the form's fields and the version of the user record they were read at (a stale one gets 409 STALE_VERSION). */
export const profileUpdate = profileRequest.extend({ version: version('version is required') });
export type ProfileUpdate = z.input<typeof profileUpdate>;

/** Access-token claims; permissions are NOT in the token (read from current data per request). */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
