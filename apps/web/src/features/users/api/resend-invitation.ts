import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /users/{id}/resend-invitation: a fresh set-password link for a user who has none yet. */
export function resendInvitation(id: number): Promise<null> {
  return api.post<null>(`/users/${id}/resend-invitation`);
}

export function useResendInvitationMutation() {
  return useMutation({ mutationFn: resendInvitation });
}
