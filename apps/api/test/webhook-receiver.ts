import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDir } from './server-process.ts';

export type ReceivedWebhook = { headers: IncomingHttpHeaders; body: string };

/** A status, or a status with headers (a redirect's location) and a body other than the default. */
type Reply = number | { status: number; headers?: Record<string, string>; body?: string };

/** How the receiver answers its `index`th request (from 0), now or later (never: it hangs). */
export type Answer = (request: ReceivedWebhook, index: number) => Reply | Promise<Reply>;

export type WebhookReceiver = {
  url: string;
  /** Every request, in the order they arrived, also those not answered yet. */
  received: ReceivedWebhook[];
  close(): Promise<void>;
};

/** A webhook receiver on loopback (127.0.0.1, a free port) that answers as `answer` says. */
export async function startReceiver(answer: Answer = () => 204): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const webhook = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(webhook);
      void Promise.resolve(answer(webhook, received.length - 1)).then((reply) => {
        const {
          status,
          headers = {},
          body = `answered ${status}`,
        } = typeof reply === 'number' ? { status: reply } : reply;
        if (response.destroyed) return;
        response.writeHead(status, { 'content-type': 'text/plain', ...headers }).end(body);
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    async close() {
      // A request held open (a receiver that hangs) must not keep the server from closing.
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

/** A promise that never settles: the receiver never answers. */
export const never = () => new Promise<Reply>(() => {});

/** An answer given once `ms` have passed: a receiver that is slow but answers. */
export const after = (ms: number, status: number) => () =>
  new Promise<Reply>((resolve) => setTimeout(() => resolve(status), ms));

/** A receiver's answer held until the test lets it go: `answer` to use, `release` to answer with a status. */
export function heldAnswer(): { answer: () => Promise<Reply>; release: (status: number) => void } {
  let release: (status: number) => void = () => {};
  const answered = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { answer: () => answered, release: (status) => release(status) };
}

type Verify = (secret: string, headers: IncomingHttpHeaders, body: string) => boolean;

/**
 * The README's `verifyWebhook`, taken from the README itself and run as the broker would run it,
 * so the guide's snippet is the one the tests check deliveries with.
 */
export async function readmeVerifier(): Promise<Verify> {
  const readme = await readFile(path.join(apiDir, '../../README.md'), 'utf8');
  const snippet = [...readme.matchAll(/```js\n([\s\S]*?)```/g)]
    .map((match) => match[1]!)
    .find((code) => code.includes('export function verifyWebhook('));
  if (!snippet) throw new Error('the README has no verifyWebhook snippet');
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-verify-'));
  try {
    const file = path.join(folder, 'verify-webhook.mjs');
    await writeFile(file, snippet);
    const module = (await import(pathToFileURL(file).href)) as { verifyWebhook: Verify };
    return module.verifyWebhook;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
