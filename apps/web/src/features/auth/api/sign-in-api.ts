import type { ForgotPasswordRequest, LoginRequest, ResetPasswordFinishRequest, TokenPair } from '@milepost/contracts/auth';
import { callApi } from '@/lib/api-client';
import * as routes from '@milepost/contracts/route-refs.gen';

// The calls made before signing in. They need no query client, so the sign-in screens load no
// TanStack Query (docs/decisions/013-first-screen-loads-fast.md); the signed-in calls are in auth-api.ts.

/** POST /authenticate */
export function authenticate(credentials: LoginRequest): Promise<TokenPair> {
  return callApi(routes.auth.authenticate, { body: credentials, auth: false });
}

/** POST /reset-password/init — the email travels in the query string, there is no body. */
export function requestPasswordReset({ email }: ForgotPasswordRequest): Promise<null> {
  return callApi(routes.auth.resetPasswordInit, { auth: false, query: { email } });
}

/** POST /reset-password/finish */
export function finishPasswordReset(body: ResetPasswordFinishRequest): Promise<null> {
  return callApi(routes.auth.resetPasswordFinish, { body, auth: false });
}
