import type { ResetPasswordFinishRequest } from '@milepost/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function finishPasswordReset(body: ResetPasswordFinishRequest): Promise<null> {
  return api.post<null>('/reset-password/finish', body, { auth: false });
}

export function useFinishPasswordResetMutation() {
  return useMutation({ mutationFn: finishPasswordReset });
}
