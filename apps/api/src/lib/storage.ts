import { mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * Where files live: a local folder (localStorage) or an S3 bucket (s3Storage in s3-storage.ts,
 * decision 0039). Keys are made by the server (`documents/2026/<uuid>.pdf`); a name the
 * client sent never becomes part of a key, so no request can reach outside the store. A store
 * that cannot be reached throws StorageUnavailableError.
 */
export type Storage = {
  /**
   * Stores the whole body under the key, or nothing: readers see the old state or the new,
   * never part of it (a temporary renamed, or one S3 PUT or completed multipart upload).
   * An error of `body` itself is thrown as it is.
   */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
  /**
   * Removes what a crash can leave behind, last changed before `olderThan`: temporaries of
   * unfinished writes, and files that `referenced` does not claim (stored, but their record was
   * never written). Gives back the keys and temporaries removed.
   */
  sweep(olderThan: Date, referenced: (keys: string[]) => Promise<Set<string>>): Promise<string[]>;
};

/** The temporary name of a write in progress: `<key>.<uuid>.part`. */
const TEMPORARY_SUFFIX = '.part';

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

/**
 * The store could not be reached, or did not answer in time (an S3 store that is down or slow):
 * the request answers 503 with STORAGE_UNAVAILABLE_MESSAGE. Nothing was stored by the call that
 * failed (a put is whole or absent).
 */
export class StorageUnavailableError extends Error {
  constructor(operation: string, cause: unknown) {
    super(`File storage failed to ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StorageUnavailableError';
  }
}

export const STORAGE_UNAVAILABLE_MESSAGE = 'File storage is not available. Please try again.';

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.includes('..');
}

/** A fresh key under a folder, e.g. newStorageKey('documents', 'pdf'). */
export function newStorageKey(folder: string, extension: string): string {
  return `${folder}/${randomUUID()}.${extension.toLowerCase()}`;
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}${TEMPORARY_SUFFIX}`;
      const file = Buffer.isBuffer(body) ? undefined : createWriteStream(temporary);
      try {
        if (file) await pipeline(body, file);
        else await writeFile(temporary, body);
        await rename(temporary, target);
      } catch (error) {
        // The temporary is removed once its stream has closed: one still opening would create it after.
        if (file && !file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      // Opened before it is measured: a file removed or replaced after this (a record taking a new one)
      // stays readable through the handle, where a stream opening it later would fail on its own.
      const handle = await open(resolve(key), 'r').catch((error: NodeJS.ErrnoException) => {
        // A missing file is an answer; a store that cannot be read (a lost mount, no permission) is not.
        if (['ENOENT', 'ENOTDIR', 'ENAMETOOLONG', 'EISDIR'].includes(error.code ?? '')) return null;
        throw error;
      });
      if (!handle) return null;
      const info = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: info.size };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async sweep(olderThan, referenced) {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      const old: { name: string; file: string }[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const info = await stat(file).catch(() => null);
        if (info && info.mtime < olderThan)
          old.push({ name: path.relative(root, file).split(path.sep).join('/'), file });
      }
      const temporaries = old.filter((each) => each.name.endsWith(TEMPORARY_SUFFIX));
      const stored = old.filter((each) => isStorageKey(each.name));
      const kept = stored.length > 0 ? await referenced(stored.map((each) => each.name)) : new Set<string>();
      const removed = [...temporaries, ...stored.filter((each) => !kept.has(each.name))];
      for (const each of removed) await rm(each.file, { force: true });
      return removed.map((each) => each.name);
    },
  };
}
