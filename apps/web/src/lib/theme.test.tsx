import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider, useTheme } from './theme';

function mockSystemDark(dark: boolean) {
  const listeners = new Set<() => void>();
  let matches = dark;
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      get matches() {
        return query.includes('dark') ? matches : false;
      },
      media: query,
      addEventListener: (_: string, l: () => void) => listeners.add(l),
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    })),
  );
  return (next: boolean) => {
    matches = next;
    listeners.forEach((l) => l());
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <ThemeProvider>{children}</ThemeProvider>;

afterEach(() => document.documentElement.classList.remove('dark'));

describe('theme', () => {
  it('defaults to system and follows the OS', () => {
    const setSystemDark = mockSystemDark(false);
    const { result } = renderHook(() => useTheme(), { wrapper });
    expect(result.current.theme).toBe('system');
    expect(document.documentElement).not.toHaveClass('dark');
    act(() => setSystemDark(true));
    expect(result.current.resolvedTheme).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });

  it('stores the choice under `theme` and applies the dark class', () => {
    mockSystemDark(false);
    const { result } = renderHook(() => useTheme(), { wrapper });
    act(() => result.current.setTheme('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    act(() => result.current.setTheme('light'));
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  it('reads the stored choice on start and ignores junk', () => {
    mockSystemDark(true);
    localStorage.setItem('theme', 'light');
    const { result, unmount } = renderHook(() => useTheme(), { wrapper });
    expect(result.current.theme).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
    unmount();
    localStorage.setItem('theme', 'purple');
    const second = renderHook(() => useTheme(), { wrapper });
    expect(second.result.current.theme).toBe('system');
    expect(document.documentElement).toHaveClass('dark');
  });
});
