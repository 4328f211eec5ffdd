import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

const searchSchema = z.object({
  email: z.string().optional().catch(undefined),
  token: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: searchSchema,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { email, token } = Route.useSearch();
  return <ResetPasswordPage email={email} token={token} />;
}
