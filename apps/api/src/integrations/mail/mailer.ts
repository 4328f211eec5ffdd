import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Queues a message; sending never blocks or fails the request that caused it. */
  send(message: MailMessage): void;
  /** Waits for every queued message (used at shutdown and by tests). */
  drain(): Promise<void>;
}

/**
 * nodemailer over SMTP when `smtpUrl` is set; otherwise each message is written as an .eml
 * file under `outboxDir` and only that file's name is logged (never the text: its links carry
 * set-password tokens), so a fresh install can still reset passwords from the file.
 */
export function createMailer(opts: { smtpUrl?: string | undefined; outboxDir: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  const deliver = async (message: MailMessage) => {
    const info = await transport.sendMail({ from: opts.from, ...message });
    if (!opts.smtpUrl) {
      await mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      opts.log.info({ subject: message.subject, file }, 'email written to the outbox (open the file for its link)');
    } else {
      opts.log.info({ to: message.to, subject: message.subject }, 'email sent');
    }
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
