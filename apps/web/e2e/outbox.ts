import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { DATA_DIR_ENV } from './portal-server.ts';

/** This worker's server writes each e-mail as an .eml file here (the `portal` fixture sets the folder). */
function outboxDir(): string {
  const dataDir = process.env[DATA_DIR_ENV];
  if (!dataDir) throw new Error(`${DATA_DIR_ENV} is not set; use the test of e2e/fixtures.ts`);
  return path.join(dataDir, 'outbox');
}

/** The outbox's files, oldest first (their names start with the time they were written). */
export function outboxFiles(): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
}

/** The text of a MIME body in the transfer encodings nodemailer writes. */
function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** A MIME entity's headers, folded lines joined, and its body. */
function splitEntity(entity: string): { headers: string; body: string } {
  const split = entity.search(/\r?\n\r?\n/);
  if (split < 0) return { headers: entity.replace(/\r?\n[ \t]+/g, ' '), body: '' };
  return {
    headers: entity.slice(0, split).replace(/\r?\n[ \t]+/g, ' '),
    body: entity.slice(split).replace(/^\r?\n\r?\n/, ''),
  };
}

/**
 * The decoded plain text of a MIME entity: its body when it is text, else the first plain text
 * part of its parts (a mail with an HTML alternative or an attachment is multipart).
 */
function plainTextOf({ headers, body }: { headers: string; body: string }): string | undefined {
  const type = /^content-type:\s*([^;\s]+)/im.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
  if (type === 'text/plain') return decodeBody(headers, body);
  const boundary = /^content-type:\s*multipart\/.*;\s*boundary="?([^";\s]+)"?/im.exec(headers)?.[1];
  if (!boundary) return undefined;
  const [, ...parts] = body.split(`--${boundary}`);
  for (const part of parts) {
    if (part.startsWith('--')) break;
    // The line break before a boundary belongs to the boundary.
    const text = plainTextOf(splitEntity(part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
    if (text !== undefined) return text;
  }
  return undefined;
}

/** Reads an e-mail: its headers with folded lines joined, its decoded plain text, and the whole file. */
export function readMail(file: string): { headers: string; text: string; raw: string } {
  const raw = fs.readFileSync(path.join(outboxDir(), file), 'utf8');
  const entity = splitEntity(raw);
  return { headers: entity.headers, text: plainTextOf(entity) ?? '', raw };
}

/** The value of one header of `readMail`'s headers, or empty. */
export function headerLine(headers: string, name: string): string {
  return new RegExp(`^${name}:(.*)$`, 'im').exec(headers)?.[1] ?? '';
}

/**
 * Waits for a new e-mail addressed to `to`, and gives back the path of the reset link in it
 * (/reset-password/<token>), to open on the test server. Other new e-mails may be newer: the server's
 * mail worker writes event mail of earlier tests whenever its pass comes.
 */
export async function waitForResetLink(to: string, filesBefore: string[]): Promise<string> {
  const addressedTo = new RegExp(`^to:.*${to.replace(/[.+]/g, '\\$&')}`, 'im');
  let link = '';
  await expect
    .poll(
      () => {
        const added = outboxFiles().filter((file) => !filesBefore.includes(file));
        const mail = added.map(readMail).find(({ headers }) => addressedTo.test(headers));
        link = /https?:\/\/[^\s/]+(\/reset-password\/[A-Za-z0-9_%-]+(?:\?\S*)?)/.exec(mail?.text ?? '')?.[1] ?? '';
        return link;
      },
      { message: `a password reset e-mail to ${to} in the outbox`, timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}
