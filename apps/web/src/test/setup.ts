import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { toast } from '@/components/layout/toasts';

// findBy…/waitFor give a screen 5 s (not 1 s) to appear: a loaded CI machine renders slowly, and a
// test that fails only under load is a flaky test, not a finding.
configure({ asyncUtilTimeout: 5_000 });

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
