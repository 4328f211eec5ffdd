import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Input } from './input';

/**
 * A secret (an API token) typed as a password field, with a button that shows and hides what was
 * typed, so a pasted token can be checked before it is saved.
 */
export function SecretInput({ showLabel, ...props }: Omit<ComponentProps<'input'>, 'type'> & { showLabel: string }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <Input {...props} type={shown ? 'text' : 'password'} className="pr-9" />
      <button
        type="button"
        aria-label={shown ? `Hide ${showLabel}` : `Show ${showLabel}`}
        aria-pressed={shown}
        title={shown ? 'Hide' : 'Show'}
        className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/50"
        onClick={() => setShown((s) => !s)}
      >
        {shown ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
