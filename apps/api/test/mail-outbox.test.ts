import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { outboxMessage } from '../src/integrations/mail/mailer';

describe('outbox email files', () => {
  const link = `https://dispatch.example-fleet.com/reset-password?email=${encodeURIComponent('olivia.owner+night@example-fleet.com')}&token=${'A1b2-C3d4_'.repeat(5)}`;
  const text = ['Hello Zoë,', '', 'Someone asked to reset the password of your Milepost account. If it was you, set a new password with this link:', link, ''].join('\n');

  it('hold the link whole on one line (no quoted-printable breaks), and a mail reader reads them back unchanged', async () => {
    const file = outboxMessage('Milepost <no-reply@milepost.local>', { to: 'olivia.owner+night@example-fleet.com', subject: 'Réinitialisation — Milepost', text });
    expect(file.split('\n')).toContain(link);
    const body = file.slice(file.indexOf('\n\n') + 2);
    expect(body).not.toMatch(/=\r?\n|=3D/);
    expect(Math.max(...file.split('\n').map((line) => line.length))).toBeLessThan(998);

    const parsed = await simpleParser(file);
    expect(parsed.subject).toBe('Réinitialisation — Milepost');
    expect(parsed.text?.trimEnd()).toBe(text.trimEnd());
    expect(parsed.from?.value).toEqual([{ name: 'Milepost', address: 'no-reply@milepost.local' }]);
    expect(parsed.messageId).toMatch(/@milepost\.local>$/);
  });
});
