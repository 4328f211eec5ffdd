import type { ResetPasswordForm } from '@milepost/contracts/auth';
import { AUTH_MESSAGES, PRODUCT_TITLE, VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { Link, useNavigate } from '@tanstack/react-router';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/layout/toasts';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-messages';
import { finishPasswordReset } from '../api/sign-in-api';
import { useAuthForm } from '../auth-form';

/** docs/product/shell.md: after a successful reset the page goes to /login after 2 s. */
export const RESET_REDIRECT_MS = 2000;

// The rules come from contracts, loaded on first typing or submit (docs/decisions/013-first-screen-loads-fast.md).
const resetPasswordRules = () => import('@milepost/contracts/auth').then((m) => m.resetPasswordForm);

function resetFailed(error: unknown) {
  const status = isApiError(error) ? error.status : 0;
  if (status === 400) toast.error(AUTH_MESSAGES.resetFinish400);
  else if (status === 422) toast.error(AUTH_MESSAGES.resetFinish422);
  else toast.error(errorText(error));
}

/** /reset-password?email=…&token=…: choose a new password from the emailed link. */
export function ResetPasswordPage({ email, token }: { email?: string | undefined; token?: string | undefined }) {
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const linkValid = Boolean(email && token);
  const warned = useRef(false);

  const form = useAuthForm({ newPassword: '', confirmPassword: '' }, resetPasswordRules);
  const { errors, isSubmitting } = form;

  useEffect(() => {
    if (!linkValid && !warned.current) {
      warned.current = true;
      toast.error(AUTH_MESSAGES.resetLinkInvalid);
    }
  }, [linkValid]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate({ to: '/login' }), RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (values: ResetPasswordForm) => {
    if (!email || !token) {
      toast.error(AUTH_MESSAGES.resetLinkMissingOnSubmit);
      return;
    }
    try {
      await finishPasswordReset({ email, token, newPassword: values.newPassword, confirmPassword: values.confirmPassword });
      setDone(true);
    } catch (error) {
      resetFailed(error);
    }
  };

  const onInvalid = () => {
    if (!email || !token) toast.error(AUTH_MESSAGES.resetLinkMissingOnSubmit);
    else toast.error(VALIDATION_MESSAGES.schemaFailureToast);
  };

  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 p-4 dark:bg-background">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <CardTitle>Reset Password</CardTitle>
          <CardDescription>
            {PRODUCT_TITLE}
            {email ? ` · ${email}` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {done ? (
            <div role="status" className="flex flex-col items-center gap-3 py-2 text-center">
              <CircleCheck aria-hidden className="size-10 text-success" />
              <p className="text-sm font-medium">{AUTH_MESSAGES.resetSuccess}</p>
            </div>
          ) : (
            <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit, onInvalid, resetFailed)}>
              <FormField id="reset-new-password" label="New Password" error={errors.newPassword}>
                <Input
                  id="reset-new-password"
                  type="password"
                  autoComplete="new-password"
                  autoFocus
                  {...fieldAria('reset-new-password', errors.newPassword)}
                  {...form.field('newPassword')}
                />
              </FormField>
              <FormField id="reset-confirm-password" label="Confirm Password" error={errors.confirmPassword}>
                <Input
                  id="reset-confirm-password"
                  type="password"
                  autoComplete="new-password"
                  {...fieldAria('reset-confirm-password', errors.confirmPassword)}
                  {...form.field('confirmPassword')}
                />
              </FormField>
              <Button type="submit" className="w-full" disabled={isSubmitting}>
                {isSubmitting ? 'Resetting...' : 'Reset Password'}
              </Button>
              <div className="flex justify-center">
                <Link to="/login" className={buttonVariants({ variant: 'link', size: 'inline' })}>
                  Back to Login
                </Link>
              </div>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
