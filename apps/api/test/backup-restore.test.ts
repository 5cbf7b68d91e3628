import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import { buildApp } from '../src/app.ts';
import { configFromEnv } from '../src/config.ts';
import { apiUrl, buildTestApp, createTestDatabase, fileUrl, injectAs, login, type TestApp } from './build-app.ts';
import { multipartBody, samplePdf } from './sample-files.ts';

/**
 * The restore drill of docs/deploy.md, on the local PostgreSQL: a running portal's database is
 * dumped with `pg_dump -Fc` and its files folder copied, both are restored side by side, and the
 * portal started on them answers the same.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const toolsDir = ['/usr/bin', '/usr/lib/postgresql/15/bin'].find(
  (dir) => existsSync(path.join(dir, 'pg_dump')) && existsSync(path.join(dir, 'pg_restore')),
);
const run = promisify(execFile);

describe.runIf(serverUrl && toolsDir)('a backup restored', () => {
  let original: TestApp;
  let restored: Awaited<ReturnType<typeof buildApp>> | undefined;
  let restoredDatabase: Awaited<ReturnType<typeof createTestDatabase>>;
  let workDir: string;

  beforeAll(async () => {
    original = await buildTestApp();
    workDir = await mkdtemp(path.join(os.tmpdir(), 'clearport-restore-'));
    restoredDatabase = await createTestDatabase(serverUrl!);
  });
  afterAll(async () => {
    await restored?.close();
    await original?.close();
    await restoredDatabase?.drop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('serves the same shipments list and document as the portal it was taken from', async () => {
    const token = await login(original.app, 'primary@demo.test');
    const listUrl = apiUrl(API_PATHS.shipments);
    const list = await injectAs(original.app, token, { method: 'GET', url: listUrl });
    expect(list.statusCode).toBe(200);
    const shipmentId = (list.json() as { data: Array<{ id: number }> }).data[0]!.id;
    const document = samplePdf(5_000);
    const { body, contentType } = multipartBody([{ name: 'drill.pdf', data: document }]);
    const uploaded = await injectAs(original.app, token, {
      method: 'POST',
      url: apiUrl(API_PATHS.uploadDocument, { id: shipmentId }),
      payload: body,
      headers: { 'content-type': contentType },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const key = (uploaded.json() as { path_to_file: string }).path_to_file;
    const before = await injectAs(original.app, token, { method: 'GET', url: listUrl });

    // The backup, taken while the portal runs: the database, then the files folder.
    const dump = path.join(workDir, 'clearport.dump');
    await run(path.join(toolsDir!, 'pg_dump'), ['-Fc', '-f', dump, original.databaseUrl!]);
    const restoredDataDir = path.join(workDir, 'data');
    await cp(path.join(original.dataDir, 'files'), path.join(restoredDataDir, 'files'), { recursive: true });

    await run(path.join(toolsDir!, 'pg_restore'), ['--no-owner', '-d', restoredDatabase.url, dump]);
    restored = await buildApp({
      ...configFromEnv({}),
      dataDir: restoredDataDir,
      databaseUrl: restoredDatabase.url,
      publicUrl: 'http://portal.test',
      logLevel: 'silent',
      seedDemo: false,
      mailWorker: false,
      webhookWorker: false,
    });
    await restored.ready();

    const restoredToken = await login(restored, 'primary@demo.test');
    const after = await injectAs(restored, restoredToken, { method: 'GET', url: listUrl });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    const downloaded = await injectAs(restored, restoredToken, { method: 'GET', url: fileUrl(key) });
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(document)).toBe(true);
    expect((await restored.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
