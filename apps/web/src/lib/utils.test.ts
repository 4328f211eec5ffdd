import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('joins classes, skipping falsy ones', () => {
    expect(cn('px-2 py-1', false, undefined, { 'text-sm': true, hidden: false }, ['w-full'])).toBe('px-2 py-1 text-sm w-full');
  });

  it('lets a later utility override an earlier one that sets the same thing', () => {
    expect(cn('h-9 px-4 py-2 text-sm', 'h-8 px-2')).toBe('py-2 text-sm h-8 px-2');
    expect(cn('bg-primary hover:bg-primary/90', { 'bg-destructive': true })).toBe('hover:bg-primary/90 bg-destructive');
    expect(cn('px-2', 'px-4')).toBe('px-4');
  });
});
