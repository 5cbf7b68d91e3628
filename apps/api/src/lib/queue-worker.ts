import type { FastifyInstance } from 'fastify';

/**
 * What the durable queues of the database share (decision 0017: event mail; 0025: webhooks): the
 * back-off of a failed attempt and the worker that runs their passes in the server process.
 */

/** Waits between attempts: 1, 2, 4, ... minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

/**
 * When a job whose attempt number `attempts` failed at `now` is tried again, or undefined when
 * that would lie more than `retryForMs` after its first attempt: it has failed for good.
 */
export function nextAttemptAt(attempts: number, firstAttemptAt: Date, now: Date, retryForMs: number): Date | undefined {
  const retryAt = new Date(now.getTime() + retryDelayMs(attempts));
  return retryAt.getTime() - firstAttemptAt.getTime() > retryForMs ? undefined : retryAt;
}

/** How long after the server starts listening the background passes begin. */
export const FIRST_PASS_AFTER_LISTEN_MS = 1_000;

/**
 * Calls `start` a moment after the server starts listening, once: the start answers its first
 * calls (a health check) before the background passes queue their statements on the database
 * (on the embedded one, each first statement of a kind costs a tenth of a second or more).
 * An app that never listens (app.inject in the tests) runs none.
 */
export function afterListening(app: FastifyInstance, start: () => void): void {
  let timer: NodeJS.Timeout | undefined;
  let isStarted = false;
  app.addHook('onListen', async () => {
    if (isStarted) return;
    isStarted = true;
    timer = setTimeout(start, FIRST_PASS_AFTER_LISTEN_MS).unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}

/**
 * Runs `pass` in the server process a moment after it starts listening (afterListening) and then `pollMs` after each pass ends,
 * one pass at a time, until the app closes. Closing aborts `signal` and waits for the pass in
 * progress, so a pass can let go of what it holds before the database closes.
 */
export function scheduleWorker(
  app: FastifyInstance,
  name: string,
  pollMs: number,
  pass: (signal: AbortSignal) => Promise<void>,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const closing = new AbortController();
  const run = () => {
    running = pass(closing.signal).catch((error: unknown) => app.log.error({ err: error }, `${name} pass failed`));
    void running.then(() => {
      if (!closing.signal.aborted) timer = setTimeout(run, pollMs).unref();
    });
  };
  afterListening(app, run);
  app.addHook('onClose', async () => {
    closing.abort();
    clearTimeout(timer);
    await running;
  });
}
