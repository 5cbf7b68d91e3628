import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

let outboxDir: string | undefined;
afterEach(async () => {
  if (outboxDir) await rm(outboxDir, { recursive: true, force: true });
});

const quiet = { info: () => {} };

describe('the outbox mailer', () => {
  it('writes one file per message, and none again for a message key it already wrote', async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-outbox-'));
    const mailer = createMailer({ from: 'Clearport <no-reply@clearport.test>', outboxDir }, quiet);
    const mail = { to: 'docs@demoimports.test', subject: 'Documents required', text: 'Entry 1' };

    const first = await mailer.send({ ...mail, messageKey: 'key-1' });
    const again = await mailer.send({ ...mail, messageKey: 'key-1' });
    await mailer.send({ ...mail, messageKey: 'key-2' });
    await mailer.send(mail);
    await mailer.send(mail);

    expect(again.file).toBe(first.file);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(4);
    expect(files.filter((file) => file.endsWith('-key-1.eml'))).toHaveLength(1);
    // The key's Message-ID has the sender's domain on its right, as nodemailer's own have.
    expect(first.messageId).toBe('<key-1@clearport.test>');
    expect(await readFile(first.file!, 'utf8')).toMatch(/^Message-ID: <key-1@clearport\.test>$/m);
  });
});
