import { isIP } from 'node:net';
import { WEBHOOK_ERRORS } from '@clearport/contract/webhooks';
import type { Refusal } from '../../lib/refusal.ts';

/** How `a` stands to `b` in the feed (negative: before); null is the place before the first event. */
export function compareCursors(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const [aTx, aId] = a.split('-').map(Number) as [number, number];
  const [bTx, bId] = b.split('-').map(Number) as [number, number];
  return aTx - bTx || aId - bId;
}

/** Whether the URL's host is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

/**
 * Why an endpoint may not have this URL, or undefined. The schema took an http(s) address; plain
 * http carries the customers' acts readable by anyone on the way, so it reaches only a receiver on
 * this machine unless the portal allows it (WEBHOOK_ALLOW_HTTP, for a receiver on the brokerage's
 * own network).
 */
export function urlRefusal(url: string, allowPlainHttp: boolean): Refusal | undefined {
  if (new URL(url).protocol === 'https:' || allowPlainHttp || isLoopbackUrl(url)) return undefined;
  return { status: 400, message: `url: ${WEBHOOK_ERRORS.plainHttp}`, field: 'url' };
}
