import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toast } from '@/components/layout/toasts';

afterEach(() => {
  cleanup();
  // sonner replays still-active toasts to a newly mounted Toaster: do not let one test's toasts leak into the next.
  toast.dismiss();
  window.localStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  });
});
