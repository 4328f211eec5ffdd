import type { ForgotPasswordRequest } from '@milepost/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /reset-password/init — the email travels in the query string, there is no body. */
export function requestPasswordReset({ email }: ForgotPasswordRequest): Promise<null> {
  return api.post<null>('/reset-password/init', undefined, { auth: false, query: { email } });
}

export function useRequestPasswordResetMutation() {
  return useMutation({ mutationFn: requestPasswordReset });
}
