import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues a message; sending never blocks or fails the request that caused it. */
  send(message: MailMessage): void;
  /** Waits for every queued message (used at shutdown and by tests). */
  drain(): Promise<void>;
}

/** A header value as is when it is printable ASCII, else as an RFC 2047 UTF-8 word. */
const headerValue = (value: string) => (/^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`);

/**
 * The outbox file of a message (RFC 5322, one text/plain part). The text goes in 8bit, as it is:
 * nodemailer would choose quoted-printable for lines over 76 characters, which breaks a
 * set-password link across lines ('=' soft breaks, '=3D') in the file a person opens to click it.
 * Lines stay far below the 998-character limit.
 */
export function outboxMessage(from: string, message: MailMessage, date = new Date(), id = randomUUID()): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'milepost.local';
  return [
    `From: ${headerValue(from)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${headerValue(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: <${id}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    message.text.replace(/\r\n/g, '\n'),
    '',
  ].join('\n');
}

/**
 * nodemailer over SMTP when `smtpUrl` is set; otherwise each message is written as an .eml
 * file under `outboxDir` (see `outboxMessage`) and only that file's name is logged (never the
 * text: its links carry set-password tokens), so a fresh install can still reset passwords from
 * the file.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; outboxDir: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();

  const deliver = async (message: MailMessage) => {
    if (transport) {
      await transport.sendMail({ from: opts.from, ...message });
      opts.log.info({ to: message.to, subject: message.subject }, 'email sent');
      return;
    }
    await mkdir(opts.outboxDir, { recursive: true });
    const id = randomUUID();
    const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${id.replace(/-/g, '')}.eml`);
    await writeFile(file, outboxMessage(opts.from, message, new Date(), id));
    opts.log.info({ subject: message.subject, file }, 'email written to the outbox (open the file for its link)');
  };

  return {
    send(message) {
      const p = deliver(message)
        .catch((err: unknown) => opts.log.error({ err, to: message.to, subject: message.subject }, 'email could not be sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async drain() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
