import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
  it('writes one file per message, and none again for a Message-ID it already wrote', async () => {
    outboxDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-outbox-'));
    const mailer = createMailer({ from: 'Clearport <no-reply@clearport.test>', outboxDir }, quiet);
    const mail = { to: 'docs@demoimports.test', subject: 'Documents required', text: 'Entry 1' };

    const first = await mailer.send({ ...mail, messageId: '<key-1@clearport>' });
    const again = await mailer.send({ ...mail, messageId: '<key-1@clearport>' });
    await mailer.send({ ...mail, messageId: '<key-2@clearport>' });
    await mailer.send(mail);
    await mailer.send(mail);

    expect(again.file).toBe(first.file);
    const files = await readdir(outboxDir);
    expect(files).toHaveLength(4);
    expect(files.filter((file) => file.endsWith('-_key-1_clearport_.eml'))).toHaveLength(1);
  });
});
