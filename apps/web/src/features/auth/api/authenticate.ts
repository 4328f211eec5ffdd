import type { LoginRequest, TokenPair } from '@milepost/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function authenticate(credentials: LoginRequest): Promise<TokenPair> {
  return api.post<TokenPair>('/authenticate', credentials, { auth: false });
}

export function useAuthenticateMutation() {
  return useMutation({ mutationFn: authenticate });
}
