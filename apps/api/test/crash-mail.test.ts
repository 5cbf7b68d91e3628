import type { ChildProcess } from 'node:child_process';
import type { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runBrokerCommand } from '../src/cli/broker.ts';
import { connectDatabase } from '../src/db/connect.ts';
import { waitingOrderId } from './delivery-order-fixtures.ts';
import { copySeededDemo } from './seeded-template.ts';
import { freePort, startServerProcess } from './server-process.ts';
import { bundled } from './source-bundle.ts';
import { startSmtpServer, stopSmtpServer, type Received } from './smtp-server.ts';

/**
 * The server killed with SIGKILL after an approval committed and before its mail went out: the
 * next start sends it, once. Two processes share the queue only on PostgreSQL (the broker's
 * command writes while the server runs), so this runs there.
 */

const servers: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

async function start(env: Record<string, string> & { PORT: string }, output: string[]): Promise<ChildProcess> {
  const child = await startServerProcess({
    args: bundled('server'),
    env: { ...env, LOG_LEVEL: 'info' },
    output,
  });
  servers.push(child);
  return child;
}

async function until(condition: () => boolean, ms: number): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end && !condition();) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(process.env.TEST_DATABASE_URL)('a crash before event mail is sent', () => {
  it('sends the mail after the restart, once', async () => {
    // The run's seeded demo (test/global-setup.ts), its database and its files: the server starts on a copy.
    const copy = await copySeededDemo(inject('seededTemplate'), 'clearport-crash-mail-', process.env.TEST_DATABASE_URL);
    cleanups.push(copy.remove);
    const { dataDir } = copy;
    const databaseUrl = copy.databaseUrl!;
    const received: Received[] = [];
    // The demo's own mail (its containers' reminders) goes out beside it: the order's is the one followed.
    const orderMails = () =>
      received.filter(({ mail }) => /^Delivery order approved for entry /.test(mail.subject ?? ''));
    const smtpPort = await freePort();
    const smtp: SMTPServer = await startSmtpServer(smtpPort, received);
    cleanups.push(() => stopSmtpServer(smtp));
    const env = {
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_GATHER_SECONDS: '2',
      MAIL_POLL_MS: '200',
    };
    const output: string[] = [];
    const first = await start(env, output);

    const db = await connectDatabase({ databaseUrl });
    cleanups.push(() => db.destroy());
    const orderId = await waitingOrderId(db);
    const approval = await runBrokerCommand(db, ['approve-delivery-order', String(orderId)]);
    expect(approval.code).toBe(0);
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(orderMails()).toHaveLength(0);

    await start(env, output);
    await until(() => orderMails().length > 0, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(orderMails().map(({ mail }) => mail.subject)).toEqual([
      expect.stringMatching(/^Delivery order approved for entry /),
    ]);
    // Two server processes start: well under a minute alone, several on a machine whose cores other
    // work shares. The limit only stops a start that hangs.
  }, 360_000);
});
