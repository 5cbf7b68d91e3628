import { readFileSync } from 'node:fs';
import http from 'node:http';

/*
 * The floor of a call: Node's own HTTP server, nothing else, answering every request with the
 * reply recorded in BENCH_BARE_REPLY (a JSON file of `heads`, pairs of name and value, and `body`),
 * in its own process as the app's server is. Prints `listening <port>`; SIGTERM closes it.
 */
const file = process.env.BENCH_BARE_REPLY;
if (!file) throw new Error('BENCH_BARE_REPLY is not set');
const reply = JSON.parse(readFileSync(file, 'utf8')) as { heads: Array<[string, string]>; body: string };
const body = Buffer.from(reply.body);

const server = http.createServer((_request, response) => {
  for (const [name, value] of reply.heads) response.setHeader(name, value);
  response.setHeader('content-length', body.length);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no port');
  process.stdout.write(`listening ${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
