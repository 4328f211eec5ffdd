import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';
import { hasValidAccessToken } from '@/lib/session';

export const Route = createFileRoute('/login')({
  // Already signed in: go to the app instead of showing the form again.
  beforeLoad: () => {
    if (hasValidAccessToken()) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
