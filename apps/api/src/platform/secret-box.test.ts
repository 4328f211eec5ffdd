import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box', () => {
  it('round-trips, never stores the plaintext, and uses a fresh IV each time', () => {
    const box = createSecretBox('a'.repeat(40));
    const a = box.seal('samsara_api_abc123');
    const b = box.seal('samsara_api_abc123');
    expect(a).not.toContain('samsara');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('samsara_api_abc123');
  });
  it('refuses a tampered ciphertext or the wrong key', () => {
    const box = createSecretBox('key-one-key-one-key-one-key-one!');
    const sealed = box.seal('token');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox('key-two-key-two-key-two-key-two!').open(sealed)).toThrow();
  });
});
