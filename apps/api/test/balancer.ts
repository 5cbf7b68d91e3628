import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small round-robin balancer on loopback (127.0.0.1, a free port) in front of several server
 * processes, as a load balancer would stand in front of them: each request goes to the next
 * target in turn. A target that refuses or drops a connection is taken out of the turn. A GET or
 * HEAD that found its target dead is tried again on the next one; any other request is answered
 * 502 and never sent twice, since its write may have happened.
 */

export type Balancer = {
  url: string;
  /** The targets' origins, in turn order, with whether each is still in the turn. */
  targets: ReadonlyArray<{ origin: string; isAlive: boolean; requests: number }>;
  close(): Promise<void>;
};

/** The answer's header that names the process that answered. */
export const SERVED_BY = 'x-served-by';

const RETRIED_METHODS = new Set(['GET', 'HEAD']);

/**
 * The headers of one connection, which a proxy does not pass on (RFC 9110, 7.6.1). The server
 * processes' `Keep-Alive: timeout=72` told clients the balancer's sockets lived 72 s while they
 * lived 1 s, and a client reusing one as it closed saw ECONNRESET.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  const passed = { ...headers };
  for (const name of HOP_BY_HOP) delete passed[name];
  return passed;
}

export async function startBalancer(origins: readonly string[]): Promise<Balancer> {
  const targets = origins.map((origin) => ({ origin, isAlive: true, requests: 0 }));
  let turn = 0;
  const pick = () => {
    for (let tries = 0; tries < targets.length; tries += 1) {
      const target = targets[turn % targets.length]!;
      turn += 1;
      if (target.isAlive) return target;
    }
    return undefined;
  };

  const server = http.createServer((request, response) => {
    const isRetried = RETRIED_METHODS.has(request.method ?? '');
    const send = () => {
      const target = pick();
      if (!target) {
        response.writeHead(502, { 'content-type': 'text/plain' }).end('no server process is left');
        return;
      }
      target.requests += 1;
      const url = new URL(request.url ?? '/', target.origin);
      const headers = withoutHopByHop(request.headers);
      const forwarded = http.request(url, { method: request.method, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, {
          ...withoutHopByHop(answer.headers),
          [SERVED_BY]: target.origin,
        });
        answer.pipe(response);
        // A target that dies while answering cuts the answer short: the client sees its connection end.
        answer.on('error', () => response.destroy());
        answer.on('aborted', () => response.destroy());
      });
      forwarded.on('error', () => {
        if (response.headersSent) {
          response.destroy();
          return;
        }
        target.isAlive = false;
        if (isRetried) send();
        else response.writeHead(502, { 'content-type': 'text/plain' }).end('the server process did not answer');
      });
      if (isRetried) forwarded.end();
      else request.pipe(forwarded);
    };
    // A GET's body (none) is not kept for a second try; its request is read to the end first.
    if (isRetried) {
      request.resume();
      request.on('end', send);
    } else {
      send();
    }
  });
  server.keepAliveTimeout = 1_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
