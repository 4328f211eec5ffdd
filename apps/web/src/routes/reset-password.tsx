import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { searchReader, textParam } from '@/lib/search-params';

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchReader({ email: textParam({ trim: false }), token: textParam({ trim: false }) }),
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { email, token } = Route.useSearch();
  return <ResetPasswordPage email={email} token={token} />;
}
