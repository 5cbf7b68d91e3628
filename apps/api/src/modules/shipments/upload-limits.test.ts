import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXTS } from '@clearport/contract/texts';
import { buildTestApp, injectAs, login, type TestApp } from '../../../test/build-app.ts';
import { multipartBody, samplePdf } from '../../../test/sample-files.ts';
import { shipmentIdOf, storedFiles } from '../../../test/shipment-fixtures.ts';
import { userIdOf } from '../../../test/session-users.ts';
import { formatBytes, uploadRate } from './upload-limits.ts';

const PDF = samplePdf();

function upload(t: TestApp, token: string, shipmentId: number, name = 'invoice.pdf') {
  const { body, contentType } = multipartBody([{ name, data: PDF }]);
  return injectAs(t.app, token, {
    method: 'POST',
    url: `/api/user/shipments/${shipmentId}/upload_doc`,
    payload: body,
    headers: { 'content-type': contentType },
  });
}

async function companyIdOf(t: TestApp, name: string) {
  const company = await t.app.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return company.id;
}

/** The company's count next to the sum it stands for. */
async function storedBytes(t: TestApp, companyId: number) {
  const row = await sql<{ counted: string; summed: string }>`
    SELECT (SELECT document_bytes FROM companies WHERE id = ${companyId})::text AS counted,
      (SELECT coalesce(sum(documents.size), 0) FROM documents
        JOIN shipments ON shipments.id = documents.shipment_id
        JOIN accounts ON accounts.id = shipments.account_id
        WHERE accounts.company_id = ${companyId})::text AS summed`.execute(t.app.db);
  return { counted: Number(row.rows[0]!.counted), summed: Number(row.rows[0]!.summed) };
}

describe('the upload quota of a company', () => {
  // Room for two of the sample PDFs once the company's demo documents are gone.
  const quota = Math.floor(PDF.length * 2.5);
  let t: TestApp;
  let primary: string;
  let demo: number;
  let shipmentId: number;

  beforeAll(async () => {
    t = await buildTestApp({ uploadQuotaBytes: quota });
    primary = await login(t.app, 'primary@demo.test');
    demo = await companyIdOf(t, 'Demo Imports LLC');
    shipmentId = await shipmentIdOf(t.app.db, '40001');
  });
  afterAll(async () => t?.close());

  it('counts the bytes of the documents each company holds, as the demo data stored them', async () => {
    for (const name of ['Demo Imports LLC', 'Other Trading Co']) {
      const { counted, summed } = await storedBytes(t, await companyIdOf(t, name));
      expect(summed, name).toBeGreaterThan(0);
      expect(counted, name).toBe(summed);
    }
  });

  it('refuses an upload past the quota with 413, storing nothing, and takes one again once a file is deleted', async () => {
    const other = await companyIdOf(t, 'Other Trading Co');
    const otherBefore = await storedBytes(t, other);
    // The demo company's own files go, so the quota holds exactly two more.
    await t.app.db
      .deleteFrom('documents')
      .where('shipment_id', 'in', (eb) =>
        eb
          .selectFrom('shipments')
          .innerJoin('accounts', 'accounts.id', 'shipments.account_id')
          .select('shipments.id')
          .where('accounts.company_id', '=', demo),
      )
      .execute();
    expect(await storedBytes(t, demo)).toEqual({ counted: 0, summed: 0 });

    expect((await upload(t, primary, shipmentId, 'first.pdf')).statusCode).toBe(200);
    const second = await upload(t, primary, shipmentId, 'second.pdf');
    expect(second.statusCode).toBe(200);
    expect(await storedBytes(t, demo)).toEqual({ counted: 2 * PDF.length, summed: 2 * PDF.length });

    const filesBefore = await storedFiles(t.dataDir);
    const refused = await upload(t, primary, shipmentId, 'third.pdf');
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json()).toEqual({
      message: `Couldn't upload third.pdf - your company's documents would exceed their ${formatBytes(quota)} of storage. Please delete files you no longer need, or contact your broker.`,
      field: 'file',
    });
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    expect(await storedBytes(t, demo)).toEqual({ counted: 2 * PDF.length, summed: 2 * PDF.length });
    const names = await t.app.db
      .selectFrom('documents')
      .select('original_name')
      .where('shipment_id', '=', shipmentId)
      .execute();
    expect(names.map((row) => row.original_name).sort()).toEqual(['first.pdf', 'second.pdf']);
    // Another company's count is its own.
    expect(await storedBytes(t, other)).toEqual(otherBefore);

    const deleted = await injectAs(t.app, primary, {
      method: 'DELETE',
      url: `/api/user/shipments/${shipmentId}/delete_doc`,
      payload: { path: second.json<{ path_to_file: string }>().path_to_file },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storedBytes(t, demo)).toEqual({ counted: PDF.length, summed: PDF.length });
    expect((await upload(t, primary, shipmentId, 'again.pdf')).statusCode).toBe(200);
  });

  it('refuses once the company is full before reading the file, and lets parallel uploads pass only within the quota', async () => {
    // Full: the check before the file answers without the file's name.
    const full = await upload(t, primary, shipmentId, 'more.pdf');
    expect(full.statusCode).toBe(413);
    expect(full.json<{ message: string }>().message).toContain(`exceed their ${formatBytes(quota)} of storage`);

    const held = await t.app.db.selectFrom('documents').select('path').where('shipment_id', '=', shipmentId).execute();
    for (const { path } of held) {
      await injectAs(t.app, primary, {
        method: 'DELETE',
        url: `/api/user/shipments/${shipmentId}/delete_doc`,
        payload: { path },
      });
    }
    // Room for two again; four at once: two pass, two are refused, and the count is right.
    const answers = await Promise.all(
      [1, 2, 3, 4].map((each) => upload(t, primary, shipmentId, `parallel-${each}.pdf`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 413, 413]);
    expect(await storedBytes(t, demo)).toEqual({ counted: 2 * PDF.length, summed: 2 * PDF.length });
    expect((await storedFiles(t.dataDir)).filter((file) => file.endsWith('.part'))).toEqual([]);
  });
});

describe('the upload rate of a user', () => {
  let t: TestApp;
  let primary: string;
  let user: string;
  let shipmentId: number;

  beforeAll(async () => {
    t = await buildTestApp({ uploadsPerMinute: 3 });
    primary = await login(t.app, 'primary@demo.test');
    user = await login(t.app, 'user@demo.test');
    shipmentId = await shipmentIdOf(t.app.db, '40001');
  });
  afterAll(async () => t?.close());

  it('answers 429 with Retry-After past the uploads a minute, storing nothing; other users go on', async () => {
    for (let each = 0; each < 3; each += 1) {
      expect((await upload(t, primary, shipmentId)).statusCode).toBe(200);
    }
    const filesBefore = await storedFiles(t.dataDir);
    const documentsBefore = await t.app.db.selectFrom('documents').select('id').execute();
    const refused = await upload(t, primary, shipmentId);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ message: TEXTS.uploadsTooFast.replace('{seconds}', String(wait)) });
    expect(await storedFiles(t.dataDir)).toEqual(filesBefore);
    expect(await t.app.db.selectFrom('documents').select('id').execute()).toEqual(documentsBefore);

    expect((await upload(t, user, shipmentId)).statusCode).toBe(200);
  });
});

describe('uploadRate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('counts a user in fixed minutes in the database, a burst passing no more than the minute allows', async () => {
    const [viewer, manager] = [
      await userIdOf(t.app.db, 'viewer@demo.test'),
      await userIdOf(t.app.db, 'manager@demo.test'),
    ];
    // One database, as several server processes share it: the burst comes through separate calls at once.
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => uploadRate.take(t.app.db, viewer, 3)));
    expect(burst.filter((wait) => wait === 0)).toHaveLength(3);
    for (const wait of burst.filter((each) => each > 0)) {
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
    }
    expect(await uploadRate.take(t.app.db, manager, 3)).toBe(0);
    // The minute is over, as far as the count can tell.
    await t.app.db
      .updateTable('upload_counts')
      .set({ minute_started_at: sql<Date>`now() - interval '61 seconds'` })
      .where('user_id', '=', viewer)
      .execute();
    expect(await uploadRate.take(t.app.db, viewer, 3)).toBe(0);
    expect(
      await t.app.db.selectFrom('upload_counts').select('uploads').where('user_id', '=', viewer).executeTakeFirst(),
    ).toEqual({ uploads: 1 });
  });
});

describe('formatBytes', () => {
  it('names a quota in binary units', () => {
    expect([formatBytes(10 * 1024 ** 3), formatBytes(512 * 1024), formatBytes(1536), formatBytes(700)]).toEqual([
      '10 GiB',
      '512 KiB',
      '1.5 KiB',
      '700 bytes',
    ]);
  });
});
