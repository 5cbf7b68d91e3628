import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import {
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_MIN_PART_BYTES } from '../src/lib/s3-storage.ts';
import { localStorage, newStorageKey, StorageUnavailableError, type Storage } from '../src/lib/storage.ts';
import { startS3Server, type S3TestServer } from './s3-server.ts';

/**
 * One suite of the Storage contract, run on each driver: the local folder and S3 (s3rver on
 * loopback). `leaveUnfinished` leaves what a process that died in the middle of a put leaves: a
 * `.part` temporary, or a multipart upload never completed.
 */
type Opened = {
  storage: Storage;
  leaveUnfinished(key: string): Promise<void>;
  unfinished(): Promise<string[]>;
  close(): Promise<void>;
};

const drivers: { name: string; open(): Promise<Opened> }[] = [
  {
    name: 'local folder',
    async open() {
      const root = await mkdtemp(path.join(os.tmpdir(), 'clearport-storage-'));
      const files = async () =>
        (await readdir(root, { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
      return {
        storage: localStorage(root),
        async leaveUnfinished(key) {
          await writeFile(path.join(root, `${key}.${randomUUID()}.part`), randomBytes(1000));
        },
        unfinished: async () => (await files()).filter((name) => name.endsWith('.part')),
        close: () => rm(root, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3',
    async open() {
      const server = await startS3Server();
      const storage = server.storage();
      return {
        storage,
        async leaveUnfinished(key) {
          const target = { Bucket: server.bucket, Key: `${server.prefix}${key}` };
          const { UploadId } = await server.client.send(new CreateMultipartUploadCommand(target));
          await server.client.send(
            new UploadPartCommand({ ...target, UploadId, PartNumber: 1, Body: randomBytes(S3_MIN_PART_BYTES) }),
          );
        },
        async unfinished() {
          const listed = await server.client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
          return (listed.Uploads ?? []).map((upload) => upload.Key!);
        },
        async close() {
          storage.close?.();
          await server.close();
        },
      } satisfies Opened & { storage: { close?(): void } };
    },
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of 64 KiB chunks, failing with `failure` once `failAfter` bytes are out. */
function streamOf(bytes: Buffer, { failAfter, failure }: { failAfter?: number; failure?: Error } = {}): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && at >= failAfter) return this.destroy(failure);
      const chunk = bytes.subarray(at, at + 64 * 1024);
      at += chunk.length;
      this.push(chunk.length > 0 ? chunk : null);
    },
  });
}

async function bytesOf(storage: Storage, key: string): Promise<Buffer | null> {
  const stored = await storage.get(key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  expect(stored.size).toBe(bytes.length);
  return bytes;
}

// It tests the file stores, not the database: the PostgreSQL pass leaves it out (vitest.config.ts).
describe.each(drivers)('Storage on $name', (driver) => {
  let opened: Opened;
  beforeAll(async () => {
    opened = await driver.open();
  });
  afterAll(async () => opened?.close());

  it('stores a buffer and a stream, and gives them back with their size', async () => {
    const { storage } = opened;
    const first = newStorageKey('documents', 'pdf');
    expect(await storage.put(first, Buffer.from('%PDF-1.7 first'))).toEqual({ size: 14 });
    expect((await bytesOf(storage, first))?.toString()).toBe('%PDF-1.7 first');

    const second = newStorageKey('documents', 'png');
    const bytes = randomBytes(300_000);
    expect(await storage.put(second, streamOf(bytes))).toEqual({ size: bytes.length });
    expect(sha256((await bytesOf(storage, second))!)).toBe(sha256(bytes));

    // A second put replaces the whole file.
    await storage.put(first, streamOf(Buffer.from('replaced')));
    expect((await bytesOf(storage, first))?.toString()).toBe('replaced');
  });

  it('streams a body longer than a part in parts, and gives it back byte for byte', async () => {
    const key = newStorageKey('documents', 'pdf');
    // Two whole parts and a piece, of the smallest part S3 takes (the S3 driver's size in tests).
    const bytes = randomBytes(2 * S3_MIN_PART_BYTES + 123_457);
    expect(await opened.storage.put(key, streamOf(bytes))).toEqual({ size: bytes.length });
    expect(sha256((await bytesOf(opened.storage, key))!)).toBe(sha256(bytes));
    expect(await opened.unfinished()).toEqual([]);
  });

  it('stores nothing of a body that fails halfway, and throws its error', async () => {
    const key = newStorageKey('documents', 'pdf');
    const failure = new Error('the client went away');
    const body = streamOf(randomBytes(3 * S3_MIN_PART_BYTES), { failAfter: S3_MIN_PART_BYTES + 70_000, failure });
    await expect(opened.storage.put(key, body)).rejects.toBe(failure);
    expect(await opened.storage.get(key)).toBeNull();
    expect(await opened.unfinished()).toEqual([]);
  });

  it('stores nothing of a body that fails at once, before a write has begun', async () => {
    // A check that refuses the first bytes (an upload whose content is not its type) fails the body
    // while the temporary file may still be opening: the put's rejection comes after it is gone.
    for (let round = 0; round < 20; round += 1) {
      const key = newStorageKey('documents', 'png');
      const failure = new Error('not a PNG');
      const body = new Readable({ read: () => body.destroy(failure) });
      await expect(opened.storage.put(key, body)).rejects.toBe(failure);
      expect(await opened.storage.get(key)).toBeNull();
      expect(await opened.unfinished()).toEqual([]);
    }
  });

  it('answers null for a key it does not hold or that is no key, and refuses to write one', async () => {
    const { storage } = opened;
    expect(await storage.get(newStorageKey('documents', 'pdf'))).toBeNull();
    for (const bad of ['../etc/passwd', 'documents/../x.pdf', '/documents/a.pdf', 'documents/a', 'Documents/a.pdf']) {
      expect(await storage.get(bad)).toBeNull();
      await expect(storage.put(bad, Buffer.from('x'))).rejects.toThrow(`Invalid storage key: ${bad}`);
      await expect(storage.delete(bad)).rejects.toThrow(`Invalid storage key: ${bad}`);
    }
  });

  it('deletes a file, and a file that is not there without an error', async () => {
    const key = newStorageKey('documents', 'pdf');
    await opened.storage.put(key, Buffer.from('gone soon'));
    await opened.storage.delete(key);
    expect(await opened.storage.get(key)).toBeNull();
    await opened.storage.delete(key);
  });

  it('gives a file it found whole, though it is deleted before it is read, and lets an unread one go', async () => {
    const key = newStorageKey('entry-summaries', 'pdf');
    const bytes = randomBytes(100_000);
    await opened.storage.put(key, bytes);
    const read = await opened.storage.get(key);
    const left = await opened.storage.get(key);
    await opened.storage.delete(key);
    // Let go unread after the delete, as a check of its size does: nothing is thrown, now or later.
    left!.stream.destroy();
    const chunks: Buffer[] = [];
    for await (const chunk of read!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('sweeps old files no record claims and unfinished writes, and keeps the rest', async () => {
    const { storage } = opened;
    const claimed = newStorageKey('sweep', 'pdf');
    const orphan = newStorageKey('sweep', 'pdf');
    await storage.put(claimed, Buffer.from('claimed'));
    await storage.put(orphan, Buffer.from('orphan'));
    await opened.leaveUnfinished(newStorageKey('sweep', 'pdf'));
    const asked: string[] = [];
    const referenced = async (keys: string[]) => {
      asked.push(...keys);
      return new Set(keys.filter((key) => key !== orphan));
    };

    // Nothing is old enough yet.
    expect(await storage.sweep(new Date(Date.now() - 60_000), referenced)).toEqual([]);
    expect(await opened.unfinished()).toHaveLength(1);

    const removed = await storage.sweep(new Date(Date.now() + 60_000), referenced);
    expect(asked).toEqual(expect.arrayContaining([claimed, orphan]));
    expect(removed).toContain(orphan);
    expect(removed).not.toContain(claimed);
    expect(removed.filter((name) => name.startsWith('sweep/') && name !== orphan)).toHaveLength(1);
    expect(await opened.unfinished()).toEqual([]);
    expect(await storage.get(orphan)).toBeNull();
    expect((await bytesOf(storage, claimed))?.toString()).toBe('claimed');
  });
});

describe('the S3 driver', () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3Server({ bucket: 'driver-only', prefix: 'a/b/' });
  });
  afterAll(async () => server?.close());

  it('keeps files under its prefix, a long body sent as a multipart upload of two parts', async () => {
    const storage = server.storage();
    const key = newStorageKey('documents', 'pdf');
    const sent = server.requests.length;
    await storage.put(key, streamOf(randomBytes(S3_MIN_PART_BYTES + 1)));
    const head = await server.client.send(new HeadObjectCommand({ Bucket: server.bucket, Key: `a/b/${key}` }));
    expect(head.ContentLength).toBe(S3_MIN_PART_BYTES + 1);
    const path = `/${server.bucket}/a/b/${key}`;
    expect(server.requests.slice(sent).map((line) => line.replace(/uploadId=[0-9a-f]+/, 'uploadId=ID'))).toEqual([
      `POST ${path}?uploads=`,
      expect.stringMatching(new RegExp(`^PUT ${path}\\?.*partNumber=[12]`)),
      expect.stringMatching(new RegExp(`^PUT ${path}\\?.*partNumber=[12]`)),
      expect.stringMatching(new RegExp(`^POST ${path}\\?uploadId=ID`)),
      `HEAD ${path}`,
    ]);

    // A short body is one PUT.
    const small = newStorageKey('documents', 'pdf');
    const before = server.requests.length;
    await storage.put(small, streamOf(randomBytes(1000)));
    expect(server.requests.slice(before)).toEqual([
      expect.stringMatching(new RegExp(`^PUT /${server.bucket}/a/b/${small}`)),
    ]);
    storage.close();
  });

  it('aborts a multipart upload whose body fails after a part was stored', async () => {
    const storage = server.storage();
    const key = newStorageKey('documents', 'pdf');
    const partSent = (line: string) =>
      line.startsWith(`PUT /${server.bucket}/a/b/${key}?`) && line.includes('partNumber=1');
    const failure = new Error('the client went away');
    let isFirstPartOut = false;
    const body = new Readable({
      read() {
        if (!isFirstPartOut) {
          isFirstPartOut = true;
          this.push(randomBytes(S3_MIN_PART_BYTES + 1));
          return;
        }
        // The rest never comes: the body fails once the store holds its first part.
        const waitForPart = () =>
          server.requests.some(partSent) ? this.destroy(failure) : setTimeout(waitForPart, 10);
        waitForPart();
      },
    });
    await expect(storage.put(key, body)).rejects.toBe(failure);
    expect(server.requests.some((line) => line.startsWith(`DELETE /${server.bucket}/a/b/${key}?uploadId=`))).toBe(true);
    const listed = await server.client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket }));
    expect(listed.Uploads ?? []).toEqual([]);
    expect(await storage.get(key)).toBeNull();
    storage.close();
  });

  it('throws StorageUnavailableError when the store is down, and stores nothing', async () => {
    const other = await startS3Server();
    const storage = other.storage({ timeoutMs: 2_000, maxAttempts: 1 });
    const key = newStorageKey('documents', 'pdf');
    await other.stop();
    await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.put(key, streamOf(randomBytes(100_000)))).rejects.toBeInstanceOf(StorageUnavailableError);
    // A body still arriving is read no further.
    const endless = new Readable({ read: () => setTimeout(() => endless.push(randomBytes(64 * 1024)), 10) });
    await expect(storage.put(key, endless)).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(endless.destroyed).toBe(true);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.delete(key)).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(storage.sweep(new Date(), async () => new Set())).rejects.toBeInstanceOf(StorageUnavailableError);
    storage.close?.();
    await other.close();
  });

  it('reads back what another driver on the same bucket stored', async () => {
    const [writer, reader] = [server.storage(), server.storage()];
    const key = newStorageKey('documents', 'pdf');
    await writer.put(key, Buffer.from('shared'));
    const stored = await reader.get(key);
    expect(stored && (await text(stored.stream))).toBe('shared');
    writer.close();
    reader.close();
  });
});
