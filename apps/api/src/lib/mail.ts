import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import type Mail from 'nodemailer/lib/mailer';

/**
 * `messageKey`, when given, is the message's idempotency key, a UUID its queue stored: its
 * Message-ID is `<key@the sender's domain>` on every send, so sending it again (after a restart
 * between sending and recording it) writes no second outbox file, and mail servers and clients
 * that see the same Message-ID twice keep one.
 */
export type OutgoingMail = Pick<Mail.Options, 'to' | 'cc' | 'replyTo' | 'subject' | 'text' | 'html' | 'attachments'> & {
  messageKey?: string;
};

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

/**
 * The domain of the sender's address, the right-hand side of a Message-ID as nodemailer makes its
 * own: a name without a dot (`@clearport`) is scored as spam by some filters.
 */
function senderDomainOf(from: string): string {
  const [sender] = addressparser(from, { flatten: true });
  return sender?.address.split('@')[1] || 'localhost';
}

export function createMailer(options: MailOptions, log: { info: (obj: object, msg: string) => void }): Mailer {
  const domain = senderDomainOf(options.from);
  const composed = ({ messageKey, ...mail }: OutgoingMail): Mail.Options => ({
    from: options.from,
    replyTo: options.replyTo,
    ...mail,
    ...(messageKey && { messageId: `<${messageKey}@${domain}>` }),
  });
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
        const info = await transport.sendMail(composed(mail));
        log.info({ messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const message = composed(mail);
      const key = mail.messageKey ? mail.messageKey.replace(/[^\w.-]/g, '_') : randomUUID();
      if (mail.messageKey) {
        const sent = (await readdir(options.outboxDir)).find((name) => name.endsWith(`-${key}.eml`));
        if (sent) return { messageId: String(message.messageId), file: path.join(options.outboxDir, sent) };
      }
      const info = await transport.sendMail(message);
      // Sortable by time, so the newest message is the last file.
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${key}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ file, messageId: info.messageId }, 'mail written to the outbox');
      return { messageId: info.messageId, file };
    },
  };
}
