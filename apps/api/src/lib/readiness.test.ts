import { mkdir, rename, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

describe('/readyz', () => {
  it('answers ready when the database and the file store answer', async () => {
    const response = await readyz();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  it('answers 503 while the file store cannot be read, and ready again when it can', async () => {
    const files = path.join(t.dataDir, 'files');
    await mkdir(files, { recursive: true });
    await rename(files, `${files}-away`);
    // A folder that cannot be resolved, as a lost mount leaves it.
    await symlink(files, files);
    const response = await readyz();
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      status: 'unavailable',
      message: expect.stringMatching(/temporarily unavailable/),
      checks: { database: 'ok', storage: 'unavailable' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await unlink(files);
    await rename(`${files}-away`, files);
    expect((await readyz()).statusCode).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const other = await buildTestApp();
    try {
      await other.app.db.destroy();
      const response = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({ database: 'unavailable', storage: 'ok' });
    } finally {
      await other.close();
    }
  });
});
