import { clsx, type ClassValue } from 'clsx';

/**
 * Tailwind class merging (tailwind-merge, about 8 KB gzip) loads with the signed-in app, not with the
 * sign-in screens (docs/decisions/013-first-screen-loads-fast.md): their classes never conflict
 * (e2e/specs/first-screen-styles.spec.ts checks it), so joining them is the same as merging them.
 */
let merge: (classes: string) => string = (classes) => classes;
let loading: Promise<void> | undefined;

/** Loads class merging once; the signed-in layout awaits it before its first screen renders (src/routes/_app.tsx). */
export function loadClassMerging(): Promise<void> {
  loading ??= import('tailwind-merge').then(
    ({ twMerge }) => {
      merge = twMerge;
    },
    (error: unknown) => {
      loading = undefined; // the next need tries again
      throw error;
    },
  );
  return loading;
}

/** Joins class names and, once class merging has loaded, lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
