import type { ForgotPasswordRequest, LoginRequest } from '@milepost/contracts/auth';
import { AUTH_MESSAGES, GENERIC_ERROR_MESSAGES, PRODUCT_SUBTITLE, PRODUCT_TITLE, VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { toast } from '@/components/layout/toasts';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-messages';
import { clearQueryCache } from '@/lib/app-query-client';
import { clearTokens, setTokens } from '@/lib/token-storage';
import { cn } from '@/lib/utils';
import { authenticate, requestPasswordReset } from '../api/sign-in-api';
import { useAuthForm } from '../auth-form';

type View = 'login' | 'forgot';

const SLIDE_MS = 300;

/** Focuses a card's first field once it has slid in (without letting the browser scroll the slider). */
function useFocusWhenActive(active: boolean, inputId: string) {
  const settled = useRef(false);
  useEffect(() => {
    const delay = settled.current ? SLIDE_MS : 0;
    settled.current = true;
    if (!active) return;
    const timer = setTimeout(() => document.getElementById(inputId)?.focus({ preventScroll: true }), delay);
    return () => clearTimeout(timer);
  }, [active, inputId]);
}

function schemaFailureToast() {
  toast.error(VALIDATION_MESSAGES.schemaFailureToast);
}

// The rules come from contracts, loaded on first typing or submit: zod stays off the first screen.
const loginRules = () => import('@milepost/contracts/auth').then((m) => m.loginRequest);
const forgotPasswordRules = () => import('@milepost/contracts/auth').then((m) => m.forgotPasswordRequest);

/** A failed sign-in (or rules that could not load): one toast, another failed attempt replaces it. */
function signInFailed(error: unknown) {
  clearTokens();
  const status = isApiError(error) ? error.status : 0;
  const once = { id: 'sign-in-failed' };
  if (status === 400 || status === 401) toast.error(AUTH_MESSAGES.loginFailure, once);
  else if (status === 429) toast.error(GENERIC_ERROR_MESSAGES[429], once);
  else toast.error(errorText(error), once);
}

function resetRequestFailed(error: unknown) {
  const status = isApiError(error) ? error.status : 0;
  if (status === 404) toast.error(AUTH_MESSAGES.resetRequest404);
  else if (status === 429) toast.error(AUTH_MESSAGES.resetRequest429);
  else toast.error(errorText(error));
}

function LoginCard({ active, onForgot }: { active: boolean; onForgot: () => void }) {
  const navigate = useNavigate();
  const form = useAuthForm({ email: '', password: '' }, loginRules);
  const { errors, isSubmitting } = form;

  useFocusWhenActive(active, 'login-email');

  const onSubmit = async (values: LoginRequest) => {
    try {
      const tokens = await authenticate(values);
      clearQueryCache(); // nothing cached from a previous user survives a new sign-in
      setTokens(tokens);
      toast.success(AUTH_MESSAGES.loginSuccess);
      // `/` loads the user's permissions (/me) and sends them straight to their first permitted section.
      await navigate({ to: '/' });
    } catch (error) {
      signInFailed(error);
    }
  };

  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        <CardTitle>{PRODUCT_TITLE}</CardTitle>
        <CardDescription>{PRODUCT_SUBTITLE}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit, schemaFailureToast, signInFailed)}>
          <FormField id="login-email" label="Email" error={errors.email}>
            <Input id="login-email" type="email" autoComplete="username" placeholder="name@company.com" {...fieldAria('login-email', errors.email)} {...form.field('email')} />
          </FormField>
          <FormField id="login-password" label="Password" error={errors.password}>
            <Input id="login-password" type="password" autoComplete="current-password" {...fieldAria('login-password', errors.password)} {...form.field('password')} />
          </FormField>
          <div className="-mt-1 flex justify-end">
            <Button variant="link" size="inline" onClick={onForgot}>
              Forgot Password?
            </Button>
          </div>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ForgotPasswordCard({ active, onBack }: { active: boolean; onBack: () => void }) {
  const form = useAuthForm({ email: '' }, forgotPasswordRules);
  const { errors, isSubmitting } = form;

  useFocusWhenActive(active, 'forgot-email');

  const onSubmit = async (values: ForgotPasswordRequest) => {
    try {
      await requestPasswordReset(values);
      toast.success(AUTH_MESSAGES.resetLinkSent);
      form.reset();
      onBack();
    } catch (error) {
      resetRequestFailed(error);
    }
  };

  return (
    <Card className="w-full">
      <CardHeader className="items-center text-center">
        <CardTitle>Reset Password</CardTitle>
        <CardDescription>Enter your email and we will send you a reset link.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(onSubmit, schemaFailureToast, resetRequestFailed)}>
          <FormField id="forgot-email" label="Email" error={errors.email}>
            <Input id="forgot-email" type="email" autoComplete="email" placeholder="name@company.com" {...fieldAria('forgot-email', errors.email)} {...form.field('email')} />
          </FormField>
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <div className="flex justify-center">
            <Button variant="link" size="inline" onClick={onBack}>
              Back to Login
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** /login: the sign-in card, sliding sideways to the 'Reset Password' card and back. */
export function LoginPage() {
  const [view, setView] = useState<View>('login');
  return (
    <div className="relative flex min-h-svh items-center justify-center bg-muted/40 p-4 dark:bg-background">
      <div className="absolute top-3 right-3">
        <ThemeToggle tone="page" />
      </div>
      <div className="w-full max-w-sm overflow-hidden">
        <div
          data-view={view}
          className={cn(
            'flex w-[200%] items-start transition-transform duration-300 ease-out motion-reduce:transition-none',
            view === 'forgot' ? '-translate-x-1/2' : 'translate-x-0',
          )}
        >
          <section className="w-1/2 shrink-0 p-1.5" inert={view !== 'login'} aria-hidden={view !== 'login'}>
            <LoginCard active={view === 'login'} onForgot={() => setView('forgot')} />
          </section>
          <section className="w-1/2 shrink-0 p-1.5" inert={view !== 'forgot'} aria-hidden={view !== 'forgot'}>
            <ForgotPasswordCard active={view === 'forgot'} onBack={() => setView('login')} />
          </section>
        </div>
      </div>
    </div>
  );
}
