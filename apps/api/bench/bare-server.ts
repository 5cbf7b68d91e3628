import { readFileSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';

/*
 * The floor of a call: Node's own HTTP server, nothing else, answering every request with the
 * reply recorded in BENCH_BARE_REPLY (a JSON file of `heads`, pairs of name and value, and `body`),
 * in its own process as the app's server is. With a `statement` in the file and
 * BENCH_BARE_DATABASE_URL set, it runs that prepared statement through one `pg` client for each
 * request and answers with its row's `body`, as the list's route does, and nothing else: the floor of
 * a Node server that asks PostgreSQL. Prints `listening <port>`; SIGTERM closes it.
 */
const file = process.env.BENCH_BARE_REPLY;
if (!file) throw new Error('BENCH_BARE_REPLY is not set');
const reply = JSON.parse(readFileSync(file, 'utf8')) as {
  heads: Array<[string, string]>;
  body: string;
  statement?: { sql: string; parameters: unknown[] };
};
const body = Buffer.from(reply.body);

function answer(response: http.ServerResponse, text: string | Buffer): void {
  for (const [name, value] of reply.heads) response.setHeader(name, value);
  response.setHeader('content-length', Buffer.byteLength(text));
  response.end(text);
}

const { statement } = reply;
const databaseUrl = process.env.BENCH_BARE_DATABASE_URL;
const client = statement && databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : undefined;
await client?.connect();

const server = http.createServer((_request, response) => {
  if (!client || !statement) return answer(response, body);
  client.query<{ body: string }>({ name: 'floor', text: statement.sql, values: statement.parameters }).then(
    (result) => answer(response, result.rows[0]!.body),
    () => {
      response.statusCode = 500;
      response.end();
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server has no port');
  process.stdout.write(`listening ${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => void client?.end().finally(() => process.exit(0))));
