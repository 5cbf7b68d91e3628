import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';

/**
 * Where files live. Keys are made by the server (`documents/2026/<uuid>.pdf`); a name the
 * client sent never becomes part of a key, so no request can reach outside the store.
 */
export type Storage = {
  /** Writes to a temporary name and renames, so a failed write leaves nothing behind. */
  put(key: string, body: Readable | Buffer): Promise<{ size: number }>;
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/;

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
      const temporary = `${target}.${randomUUID()}.part`;
      try {
        if (Buffer.isBuffer(body)) await writeFile(temporary, body);
        else await pipeline(body, createWriteStream(temporary));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return { size: (await stat(target)).size };
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const file = resolve(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), size: info.size };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
