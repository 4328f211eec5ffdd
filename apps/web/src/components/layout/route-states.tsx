import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-messages';

export function FullPageSpinner() {
  return (
    <div className="flex min-h-svh flex-1 items-center justify-center">
      <Spinner />
    </div>
  );
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <div role="alert" className="flex min-h-[60svh] flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-lg font-semibold">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">{errorText(error)}</p>
      <div className="flex gap-2">
        <button type="button" className={buttonVariants({ variant: 'outline', size: 'sm' })} onClick={reset}>
          Try again
        </button>
        <button type="button" className={buttonVariants({ variant: 'ghost', size: 'sm' })} onClick={() => window.location.reload()}>
          Reload page
        </button>
      </div>
    </div>
  );
}

export function NotFound() {
  return (
    <div className="flex min-h-[60svh] flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
      <p className="text-5xl font-semibold tracking-tight text-muted-foreground tabular-nums">404</p>
      <h1 className="text-lg font-semibold">Page not found</h1>
      <p className="text-sm text-muted-foreground">The address you opened does not exist.</p>
      <Link to="/" className={buttonVariants({ variant: 'outline', size: 'sm', className: 'mt-2' })}>
        Go to the start page
      </Link>
    </div>
  );
}
