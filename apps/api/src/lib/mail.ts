import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';

/**
 * `messageId`, when given, is the message's idempotency key: sending it again (after a restart
 * between sending and recording it) writes no second outbox file, and mail servers and clients
 * that see the same Message-ID twice keep one.
 */
export type OutgoingMail = Pick<
  Mail.Options,
  'to' | 'cc' | 'replyTo' | 'subject' | 'text' | 'html' | 'attachments' | 'messageId'
>;

export type Mailer = {
  /** Sends one message; rejects when the transport fails, so a caller can keep its state unchanged. */
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
};

/** Mail without Fastify: the server's plugin and command-line tools both create it here. */
export type MailOptions = {
  from: string;
  /** smtp://… ; when absent each message becomes an .eml file in outboxDir. */
  smtpUrl?: string;
  /**
   * The brokerage's address (BROKER_EMAIL): a message that names no Reply-To gets it, so that a
   * reply to a notice that says "contact your brokerage" reaches it, not the no-reply sender.
   */
  replyTo?: string;
  outboxDir: string;
};

export function createMailer(options: MailOptions, log: { info: (obj: object, msg: string) => void }): Mailer {
  if (options.smtpUrl) {
    const url = new URL(options.smtpUrl);
    // An unreachable server fails within seconds instead of holding the request.
    for (const [name, ms] of Object.entries({
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    })) {
      if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
    }
    const transport = nodemailer.createTransport(url.toString());
    return {
      async send(mail) {
        const info = await transport.sendMail({ from: options.from, replyTo: options.replyTo, ...mail });
        log.info({ messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const key = mail.messageId ? mail.messageId.replace(/[^\w.-]/g, '_') : randomUUID();
      if (mail.messageId) {
        const sent = (await readdir(options.outboxDir)).find((name) => name.endsWith(`-${key}.eml`));
        if (sent) return { messageId: mail.messageId, file: path.join(options.outboxDir, sent) };
      }
      const info = await transport.sendMail({ from: options.from, replyTo: options.replyTo, ...mail });
      // Sortable by time, so the newest message is the last file.
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${key}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ file, messageId: info.messageId }, 'mail written to the outbox');
      return { messageId: info.messageId, file };
    },
  };
}
