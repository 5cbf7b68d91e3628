import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** What a request Node's parser refuses, before any route or hook, is told: its status and why. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request did not arrive whole in time.' },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    message: "Request Header Fields Too Large: a request's headers come to at most 16 KB.",
  },
};
const UNREADABLE = { status: 400, message: 'Bad Request: the request is not HTTP/1.1 the server can read.' };

/**
 * Fastify's clientErrorHandler: a request Node cannot parse (a bad request line or header, a body
 * whose framing contradicts itself, headers past 16 KB) answers in every refusal's body,
 * `{ message }`, with the headers no API reply goes without, and the connection is closed, as
 * Node's and Fastify's own do (a reset connection is left alone).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? UNREADABLE;
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
