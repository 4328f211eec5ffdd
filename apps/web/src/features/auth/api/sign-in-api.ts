import type { ForgotPasswordRequest, LoginRequest, ResetPasswordFinishRequest, TokenPair } from '@milepost/contracts/auth';
import { api } from '@/lib/api-client';

// The calls made before signing in. They need no query client, so the sign-in screens load no
// TanStack Query (docs/decisions/013-first-screen-loads-fast.md); the signed-in calls are in auth-api.ts.

/** POST /authenticate */
export function authenticate(credentials: LoginRequest): Promise<TokenPair> {
  return api.post<TokenPair>('/authenticate', credentials, { auth: false });
}

/** POST /reset-password/init — the email travels in the query string, there is no body. */
export function requestPasswordReset({ email }: ForgotPasswordRequest): Promise<null> {
  return api.post<null>('/reset-password/init', undefined, { auth: false, query: { email } });
}

/** POST /reset-password/finish */
export function finishPasswordReset(body: ResetPasswordFinishRequest): Promise<null> {
  return api.post<null>('/reset-password/finish', body, { auth: false });
}
