import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { localStorage, type Storage } from '../src/lib/storage.ts';

/**
 * The one file store that several server processes of a test share: the env that points each
 * process at it, the store as the server reads it (Storage), and every name it holds, temporaries
 * of unfinished writes included. Chosen here and nowhere else: a folder every process names by
 * STORAGE_URL=file://...
 */
export type SharedStore = {
  env: Record<string, string>;
  storage: Storage;
  /** Every stored name, `.part` temporaries included, in order. */
  names(): Promise<string[]>;
  /** A folder to seed the store from, as the demo's files are copied into a data folder. */
  folder: string;
  close(): Promise<void>;
};

export async function sharedStore(): Promise<SharedStore> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'clearport-store-'));
  return {
    env: { STORAGE_URL: pathToFileURL(folder).href },
    storage: localStorage(folder),
    folder,
    async names() {
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
    close: () => rm(folder, { recursive: true, force: true }),
  };
}
