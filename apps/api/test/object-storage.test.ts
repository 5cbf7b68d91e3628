import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@clearport/contract/paths';
import type { UploadDocumentResponse } from '@clearport/contract/shipment-documents';
import { S3_MIN_PART_BYTES } from '../src/lib/s3-storage.ts';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../src/lib/storage.ts';
import { apiUrl, buildTestApp, fileUrl, injectAs, login, type TestApp } from './build-app.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';
import { multipartBody, samplePdf } from './sample-files.ts';
import { shipmentIdOf } from './shipment-fixtures.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * The portal on an S3 store (decision 0039) through its real routes: what the local folder does,
 * it does; a store that is down or slow answers 503 and leaves neither a file nor a record.
 */

/** How long the S3 app waits on a silent store, per attempt (the SDK makes three). */
const S3_TIMEOUT_MS = 1_000;

let s3: S3TestServer;
let proxy: TcpProxy;
let local: TestApp;
let onS3: TestApp;
const tokens = new Map<TestApp, string>();
const shipments = new Map<TestApp, number>();

beforeAll(async () => {
  s3 = await startS3Server();
  proxy = await startTcpProxy(Number(new URL(s3.endpoint).port));
  local = await buildTestApp();
  onS3 = await buildTestApp({ storage: s3.config({ endpoint: proxy.endpoint, timeoutMs: S3_TIMEOUT_MS }) });
  for (const t of [local, onS3]) {
    tokens.set(t, await login(t.app, 'primary@demo.test'));
    shipments.set(t, await shipmentIdOf(t.app.db, '40001'));
  }
});

afterAll(async () => {
  await onS3?.close();
  await local?.close();
  await proxy?.close();
  await s3?.close();
});

function upload(t: TestApp, name: string, data: Buffer) {
  const { body, contentType } = multipartBody([{ name, data }]);
  return injectAs(t.app, tokens.get(t)!, {
    method: 'POST',
    url: apiUrl(API_PATHS.uploadDocument, { id: shipments.get(t)! }),
    payload: body,
    headers: { 'content-type': contentType },
  });
}

const download = (t: TestApp, key: string) => injectAs(t.app, tokens.get(t)!, { method: 'GET', url: fileUrl(key) });

const documentsOf = (t: TestApp) =>
  t.app.db.selectFrom('documents').select(['id', 'path']).where('shipment_id', '=', shipments.get(t)!).execute();

/** What the bucket holds, read from s3rver itself (not through the proxy): objects and unfinished uploads. */
async function bucketContents() {
  const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket }));
  return {
    objects: (objects.Contents ?? []).map((object) => object.Key).sort(),
    uploads: (uploads.Uploads ?? []).map((each) => each.Key),
  };
}

/** A download's headers that tell the file, without those of the moment (date, request id). */
function fileHeaders(headers: Record<string, unknown>) {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
}

describe('the portal on an S3 store', () => {
  it('stores an upload longer than a part in the bucket, and gives it back as the local folder does', async () => {
    // Longer than one part: sent as a multipart upload.
    const pdf = samplePdf(S3_MIN_PART_BYTES + 300_000);
    const [fromLocal, fromS3] = [await upload(local, 'scan.pdf', pdf), await upload(onS3, 'scan.pdf', pdf)];
    expect(fromLocal.statusCode, fromLocal.body).toBe(200);
    expect(fromS3.statusCode, fromS3.body).toBe(200);
    const [localDoc, s3Doc] = [fromLocal, fromS3].map((each) => each.json<UploadDocumentResponse>().document);
    const recorded = (t: TestApp, path: string) =>
      t.app.db
        .selectFrom('documents')
        .select(['original_name', 'content_type', 'size'])
        .where('path', '=', path)
        .executeTakeFirstOrThrow();
    // The same record, its size (which the company's quota adds up) the body's.
    expect(await recorded(onS3, s3Doc!.path)).toEqual({
      original_name: 'scan.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    });
    expect(await recorded(onS3, s3Doc!.path)).toEqual(await recorded(local, localDoc!.path));
    expect((await bucketContents()).objects).toEqual([`${s3.prefix}${s3Doc!.path}`]);
    const sentInParts = `POST /${s3.bucket}/${s3.prefix}${s3Doc!.path}?uploads`;
    expect(s3.requests.some((line) => line.startsWith(sentInParts))).toBe(true);

    const [localFile, s3File] = [await download(local, localDoc!.path), await download(onS3, s3Doc!.path)];
    expect(s3File.statusCode).toBe(200);
    expect(s3File.rawPayload.equals(pdf)).toBe(true);
    expect(fileHeaders(s3File.headers)).toEqual(fileHeaders(localFile.headers));

    // Deleting the document deletes the object.
    const deleted = await injectAs(onS3.app, tokens.get(onS3)!, {
      method: 'DELETE',
      url: apiUrl(API_PATHS.deleteDocument, { id: shipments.get(onS3)! }),
      payload: { path: s3Doc!.path },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucketContents()).toEqual({ objects: [], uploads: [] });
  });

  it('refuses a body cut short past its first part as the local folder does, and stores nothing', async () => {
    const { body, contentType } = multipartBody([{ name: 'scan.pdf', data: samplePdf(S3_MIN_PART_BYTES + 300_000) }]);
    const cut = body.subarray(0, S3_MIN_PART_BYTES + 100_000);
    const [before, stored] = [await documentsOf(onS3), await bucketContents()];
    const send = (t: TestApp) =>
      injectAs(t.app, tokens.get(t)!, {
        method: 'POST',
        url: apiUrl(API_PATHS.uploadDocument, { id: shipments.get(t)! }),
        payload: cut,
        headers: { 'content-type': contentType },
      });
    const [fromLocal, fromS3] = [await send(local), await send(onS3)];
    expect(fromS3.statusCode, fromS3.body).toBe(400);
    expect(fromS3.json()).toEqual(fromLocal.json());
    expect(await documentsOf(onS3)).toEqual(before);
    expect(await bucketContents()).toEqual(stored);
  });

  it('answers 503 when the store is slow, and leaves no file and no record', async () => {
    const kept = (await upload(onS3, 'kept.pdf', samplePdf(10_000))).json<UploadDocumentResponse>().document;
    const [before, stored] = [await documentsOf(onS3), await bucketContents()];
    proxy.setMode('slow', 60_000);
    try {
      for (const size of [10_000, S3_MIN_PART_BYTES + 10_000]) {
        const response = await upload(onS3, 'late.pdf', samplePdf(size));
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE });
      }
      const late = await download(onS3, kept.path);
      expect(late.statusCode, late.body).toBe(503);
      expect(late.json()).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE });
    } finally {
      proxy.setMode('pass');
    }
    expect(await documentsOf(onS3)).toEqual(before);
    expect(await bucketContents()).toEqual(stored);
    expect((await download(onS3, kept.path)).statusCode).toBe(200);
  });

  it('answers 503 when the store is down, and leaves no record', async () => {
    const kept = (await upload(onS3, 'kept.pdf', samplePdf(10_000))).json<UploadDocumentResponse>().document;
    const before = await documentsOf(onS3);
    await s3.stop();
    const response = await upload(onS3, 'scan.pdf', samplePdf(10_000));
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE });
    expect(response.headers['retry-after']).toBe('5');
    expect(await documentsOf(onS3)).toEqual(before);
    const file = await download(onS3, kept.path);
    expect(file.statusCode, file.body).toBe(503);
    expect(file.json()).toMatchObject({ message: STORAGE_UNAVAILABLE_MESSAGE });
  });
});
