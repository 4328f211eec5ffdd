import { describe, expect, it, vi } from 'vitest';

/** A fresh copy of lib/utils, before anything loaded class merging (the test setup loads it for the rest). */
async function freshUtils() {
  vi.resetModules();
  return import('./utils');
}

describe('cn', () => {
  it('joins classes on the sign-in screens, before class merging loads', async () => {
    const { cn } = await freshUtils();
    expect(cn('px-2 py-1', false, undefined, { 'text-sm': true, hidden: false }, ['w-full'])).toBe('px-2 py-1 text-sm w-full');
    // Nothing merges yet: the sign-in screens draw no two classes that set the same thing (e2e/specs/first-screen-styles.spec.ts).
    expect(cn('px-2', 'px-4')).toBe('px-2 px-4');
  });

  it('lets a later utility override an earlier one once class merging has loaded, loading it once', async () => {
    const { cn, loadClassMerging } = await freshUtils();
    const first = loadClassMerging();
    expect(loadClassMerging()).toBe(first);
    await first;
    expect(cn('h-9 px-4 py-2 text-sm', 'h-8 px-2')).toBe('py-2 text-sm h-8 px-2');
    expect(cn('bg-primary hover:bg-primary/90', { 'bg-destructive': true })).toBe('hover:bg-primary/90 bg-destructive');
  });

  it('tries again on the next need when loading failed', async () => {
    vi.resetModules();
    vi.doMock('tailwind-merge', () => {
      throw new Error('offline');
    });
    const { cn, loadClassMerging } = await import('./utils');
    await expect(loadClassMerging()).rejects.toThrow();
    expect(cn('px-2', 'px-4')).toBe('px-2 px-4');
    vi.doUnmock('tailwind-merge');
    await loadClassMerging();
    expect(cn('px-2', 'px-4')).toBe('px-4');
  });
});
