import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ListMultipartUploadsCommand, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { Storage } from '../src/lib/storage.ts';
import { startS3Server } from './s3-server.ts';

/**
 * The one file store that several server processes of a test share: an S3 bucket on loopback
 * (test/s3-server.ts) that every process names by STORAGE_URL, the store as the server reads it,
 * and every name it holds, unfinished multipart uploads included.
 */
export type SharedStore = {
  env: Record<string, string>;
  storage: Storage;
  /** Every stored key in order, and each unfinished upload as `<key>?uploadId=<id>`, as the sweep names it. */
  names(): Promise<string[]>;
  /** Stores the files of a folder under their paths, as the demo's files are copied into a data folder. */
  seed(folder: string): Promise<void>;
  close(): Promise<void>;
};

export async function sharedStore(): Promise<SharedStore> {
  const s3 = await startS3Server();
  const storage = s3.storage();
  const bucket = { Bucket: s3.bucket, Prefix: s3.prefix };
  return {
    env: s3.env,
    storage,
    async names() {
      const names: string[] = [];
      for await (const page of paginateListObjectsV2({ client: s3.client }, bucket)) {
        names.push(...(page.Contents ?? []).map((object) => object.Key!.slice(s3.prefix.length)));
      }
      const { Uploads = [] } = await s3.client.send(new ListMultipartUploadsCommand(bucket));
      names.push(...Uploads.map((upload) => `${upload.Key!.slice(s3.prefix.length)}?uploadId=${upload.UploadId}`));
      return names.sort();
    },
    async seed(folder) {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      for (const entry of entries.filter((each) => each.isFile())) {
        const file = path.join(entry.parentPath, entry.name);
        await storage.put(path.relative(folder, file).split(path.sep).join('/'), await readFile(file));
      }
    },
    async close() {
      storage.close?.();
      await s3.close();
    },
  };
}
