import { describe, expect, it } from 'vitest';
import { readSearch } from '@/lib/search-params';
import { defaultSystemTab, resolveSystemTab, showSystemSwitcher, systemSearchParams } from './system-tabs';

describe('System tabs', () => {
  it('defaults to settings when radius settings may be viewed, else recovery reasons', () => {
    expect(defaultSystemTab({ settings: true, reasons: true })).toBe('settings');
    expect(defaultSystemTab({ settings: true, reasons: false })).toBe('settings');
    expect(defaultSystemTab({ settings: false, reasons: true })).toBe('recovery-reasons');
  });

  it("follows the URL's tab only when the user may see it", () => {
    expect(resolveSystemTab('recovery-reasons', { settings: true, reasons: true })).toBe('recovery-reasons');
    expect(resolveSystemTab('recovery-reasons', { settings: true, reasons: false })).toBe('settings');
    expect(resolveSystemTab('settings', { settings: false, reasons: true })).toBe('recovery-reasons');
    expect(resolveSystemTab(undefined, { settings: false, reasons: true })).toBe('recovery-reasons');
  });

  it('shows the switcher only when both may be seen', () => {
    expect(showSystemSwitcher({ settings: true, reasons: true })).toBe(true);
    expect(showSystemSwitcher({ settings: true, reasons: false })).toBe(false);
    expect(showSystemSwitcher({ settings: false, reasons: true })).toBe(false);
  });

  it('drops an unknown tab from the URL', () => {
    expect(readSearch(systemSearchParams, { tab: 'nope' }).tab).toBeUndefined();
    expect(readSearch(systemSearchParams, { tab: 'recovery-reasons' }).tab).toBe('recovery-reasons');
  });
});
