import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { s3Storage, S3_MIN_PART_BYTES, type S3Storage, type S3StorageOptions } from '../src/lib/s3-storage.ts';
import type { StorageConfig } from '../src/lib/storage-config.ts';

/** s3rver takes any key pair whose signature matches; these are its documented defaults. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = {
  /** The STORAGE_URL of the bucket and prefix: `s3://<bucket>/<prefix>`. */
  url: string;
  /** The S3_ENDPOINT: `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  prefix: string;
  /** What a server process needs in its environment to store its files here. */
  env: Record<string, string>;
  /** The app's storage config for this bucket (buildTestApp's `storage`), with any changes given. */
  config(changes?: Partial<Extract<StorageConfig, { kind: 's3' }>>): Extract<StorageConfig, { kind: 's3' }>;
  /** A driver on this bucket, for a test to look at or change what is stored. */
  storage(changes?: Partial<S3StorageOptions>): S3Storage;
  /** Every request the store received, as `<method> <path and query>`, oldest first. */
  requests: string[];
  /** A plain SDK client of the store, for what the driver does not do (list, multipart by hand). */
  client: S3Client;
  /** Stops the server, keeping its files until `close`, so a test can see the store go down. */
  stop(): Promise<void>;
  /** Stops the server and removes its folder. */
  close(): Promise<void>;
};

/**
 * The two calls s3rver 3.7 lacks (it answers NotImplemented and 405), which the orphan sweep and a
 * failed multipart upload use: ListMultipartUploads (`GET /<bucket>?uploads`) and
 * AbortMultipartUpload (`DELETE /<bucket>/<key>?uploadId=`), over s3rver's own folder of unfinished
 * uploads (`<bucket>/._S3rver_uploads/<id>/key`, begun when the folder was made). It notes every
 * request in `requests` on the way.
 */
function unfinishedUploads(directory: string, requests: string[]) {
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return async (ctx: S3rver.Context, next: () => Promise<void>) => {
    requests.push(`${ctx.method} ${ctx.url}`);
    const url = new URL(ctx.url, 'http://s3');
    // Path style: `/<bucket>/` (the SDK's ListMultipartUploads) or `/<bucket>/<key>`.
    const [bucket = '', ...rest] = url.pathname
      .slice(1)
      .split('/')
      .filter((part, at) => at === 0 || part !== '');
    if (ctx.method === 'GET' && rest.length === 0 && url.searchParams.has('uploads')) {
      const prefix = url.searchParams.get('prefix') ?? '';
      const ids = await readdir(uploadsOf(bucket)).catch(() => []);
      const uploads = [];
      for (const id of ids) {
        const key = await readFile(path.join(uploadsOf(bucket), id, 'key'), 'utf8').catch(() => undefined);
        if (key === undefined || !key.startsWith(prefix)) continue;
        const { birthtime } = await stat(path.join(uploadsOf(bucket), id));
        uploads.push(
          `<Upload><Key>${escape(key)}</Key><UploadId>${id}</UploadId><Initiated>${birthtime.toISOString()}</Initiated></Upload>`,
        );
      }
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<ListMultipartUploadsResult><Bucket>${escape(bucket)}</Bucket><Prefix>${escape(prefix)}</Prefix>` +
        `<IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = url.searchParams.get('uploadId');
    if (ctx.method === 'DELETE' && rest.length > 0 && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      await rm(path.join(uploadsOf(bucket), uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    await next();
  };
}

/**
 * An S3 server (s3rver) on a free loopback port over a new temporary folder, with one bucket
 * made through the S3 API, as a deployment would have it.
 */
export async function startS3Server({
  bucket = 'clearport-test',
  prefix = 'portal/',
}: { bucket?: string; prefix?: string } = {}): Promise<S3TestServer> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'clearport-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, vhostBuckets: false });
  const requests: string[] = [];
  server.middleware.unshift(unfinishedUploads(directory, requests));
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    credentials: S3_TEST_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const config = (changes = {}) => ({
    kind: 's3' as const,
    bucket,
    prefix,
    endpoint,
    region: 'us-east-1',
    credentials: S3_TEST_CREDENTIALS,
    partBytes: S3_MIN_PART_BYTES,
    timeoutMs: 10_000,
    ...changes,
  });
  let isRunning = true;
  const stop = async () => {
    if (!isRunning) return;
    isRunning = false;
    await server.close();
  };
  return {
    url: `s3://${bucket}/${prefix}`,
    endpoint,
    bucket,
    prefix,
    env: {
      STORAGE_URL: `s3://${bucket}/${prefix}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    },
    config,
    requests,
    storage: (changes) => s3Storage({ ...config(), ...changes }),
    client,
    stop,
    async close() {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
