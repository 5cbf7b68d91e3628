import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { isStorageKey, StorageUnavailableError, type Storage } from './storage.ts';

/** S3's smallest part of a multipart upload (but the last). */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

export type S3StorageOptions = {
  bucket: string;
  /** Put before every key: '' or a folder ending in '/'. */
  prefix: string;
  /** An S3-compatible store's address; AWS's own for the region when absent. */
  endpoint?: string;
  region: string;
  /** The SDK's default chain (environment, profile, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * A streamed body up to this size is sent in one PUT; a longer one as a multipart upload of
   * parts this size, at most two of them in memory at once. At least S3_MIN_PART_BYTES.
   */
  partBytes: number;
  /**
   * How long connecting may take, and a request's connection may stay silent (nothing sent or
   * received, the reply's body included), before the request fails.
   */
  timeoutMs: number;
  /** Attempts of each request, the first one included (the SDK retries what may be retried). */
  maxAttempts?: number;
};

export type S3Storage = Storage & {
  /** Closes the client's kept-alive connections. */
  close(): void;
};

/** Parts of one multipart upload sent at once; each is held in memory while it is sent. */
const UPLOAD_QUEUE = 2;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

function isNotImplemented(error: unknown): boolean {
  return (
    error instanceof S3ServiceException && (error.name === 'NotImplemented' || error.$metadata.httpStatusCode === 501)
  );
}

/**
 * Files in an S3 bucket under a prefix (decision 0039). Path-style addresses and checksums only
 * where S3 requires them, so that S3-compatible stores answer too. Every failure to reach the
 * store throws StorageUnavailableError.
 */
export function s3Storage(options: S3StorageOptions): S3Storage {
  if (options.partBytes < S3_MIN_PART_BYTES) {
    throw new Error(`The S3 part size is below S3's minimum of ${S3_MIN_PART_BYTES} bytes: ${options.partBytes}`);
  }
  const { bucket, prefix } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: options.credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: options.maxAttempts,
    // A store that stops answering fails the request; one that is slow but moving is waited for.
    requestHandler: new NodeHttpHandler({ connectionTimeout: options.timeoutMs, socketTimeout: options.timeoutMs }),
  });
  const objectKey = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return `${prefix}${key}`;
  };
  const unavailable = (operation: string) => (error: unknown) => {
    throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(operation, error);
  };

  async function putStream(Key: string, body: Readable): Promise<number> {
    let size = 0;
    // The body's own error (a client gone, a refused content), told apart from what the body
    // throws once the store failed and the body is dropped.
    let bodyError: unknown;
    let hasStoreFailed = false;
    body.on('error', (error) => {
      if (!hasStoreFailed) bodyError ??= error;
    });
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const piped = pipeline(body, counted).catch(() => {});
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key, Body: counted },
      partSize: options.partBytes,
      queueSize: UPLOAD_QUEUE,
      // A failed multipart upload is aborted: no part of it stays stored.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      hasStoreFailed = true;
      const failure = bodyError ?? new StorageUnavailableError('store the file', error);
      // The body is read no further.
      counted.destroy(failure instanceof Error ? failure : undefined);
      await piped;
      throw failure;
    }
    await piped;
    return size;
  }

  return {
    async put(key, body) {
      const Key = objectKey(key);
      if (!Buffer.isBuffer(body)) return { size: await putStream(Key, body) };
      await client
        .send(new PutObjectCommand({ Bucket: bucket, Key, Body: body, ContentLength: body.length }))
        .catch(unavailable('store the file'));
      return { size: body.length };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw new StorageUnavailableError('read the file', error);
      }
    },
    async delete(key) {
      await client
        .send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }))
        .catch(unavailable('delete the file'));
    },
    async sweep(olderThan, referenced) {
      const removed: string[] = [];
      const pages = paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix });
      for (;;) {
        const page = await pages.next().catch(unavailable('list the files'));
        if (page.done) break;
        const old = (page.value.Contents ?? [])
          .filter((object) => object.Key && object.LastModified && object.LastModified < olderThan)
          .map((object) => object.Key!.slice(prefix.length))
          .filter(isStorageKey);
        const kept = old.length > 0 ? await referenced(old) : new Set<string>();
        for (const key of old.filter((each) => !kept.has(each))) {
          await client
            .send(new DeleteObjectCommand({ Bucket: bucket, Key: `${prefix}${key}` }))
            .catch(unavailable('delete the file'));
          removed.push(key);
        }
      }
      removed.push(...(await abortOldUploads(olderThan)));
      return removed;
    },
    close() {
      client.destroy();
    },
  };

  /**
   * Aborts the multipart uploads begun before `olderThan` and never completed nor aborted (a
   * process that died while it sent one): S3's counterpart of a local temporary. Named
   * `<key>?uploadId=<id>` in what the sweep gives back.
   */
  async function abortOldUploads(olderThan: Date): Promise<string[]> {
    const aborted: string[] = [];
    let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      let page;
      try {
        page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix, ...markers }));
      } catch (error) {
        // A store without listable uploads keeps none that a sweep could find.
        if (isNotImplemented(error)) return aborted;
        throw new StorageUnavailableError('list the unfinished uploads', error);
      }
      for (const upload of page.Uploads ?? []) {
        if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= olderThan) continue;
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: upload.Key, UploadId: upload.UploadId }))
          .catch(unavailable('abort an unfinished upload'));
        aborted.push(`${upload.Key.slice(prefix.length)}?uploadId=${upload.UploadId}`);
      }
      if (!page.IsTruncated) return aborted;
      markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
    }
  }
}
