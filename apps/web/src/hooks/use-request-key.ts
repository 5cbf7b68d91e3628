import { useRef } from 'react';
import { ApiError } from '../lib/api-client.ts';

/** 32 hex digits from the browser's random source, which pages served without TLS have too. */
function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The request key of the change a form is sending (decision 0048): the same while the user sends
 * the same input again after an answer that never came or was a server's fault, so the server
 * answers what the first made; a new one once the input changes, or once an answer said it was
 * made or refused.
 */
export function useRequestKey() {
  const held = useRef<{ key: string; input: string } | null>(null);
  return {
    /** The key of sending `input` (the body, as text). */
    keyOf(input: string): string {
      if (held.current?.input !== input) held.current = { key: newRequestKey(), input };
      return held.current.key;
    },
    /** The send ended: an answer of the server's own (made, or refused) ends the key's use. */
    settle(error: unknown): void {
      const isUnknown = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!isUnknown) held.current = null;
    },
  };
}
