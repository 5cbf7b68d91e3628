import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './migrate.ts';

const folder = path.join(import.meta.dirname, 'migrations');
const kept = path.join(import.meta.dirname, 'migration-checksums.json');

/**
 * A migration a database has applied never runs there again: changing it afterwards leaves that
 * database with the first version while fresh ones get the second (0057 and 0059 did, and 0067
 * had to repair them). Each migration's file is held to the checksum it was written with; a new
 * migration adds its line, and one that must change gets a new migration instead.
 */
describe('the migrations', () => {
  it('are each the file whose checksum is kept for it, every one of them listed', async () => {
    const checksums = JSON.parse(await readFile(kept, 'utf8')) as Record<string, string>;
    const files = (await readdir(folder)).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const found = Object.fromEntries(
      await Promise.all(
        files.map(async (name) => [
          name.replace(/\.ts$/, ''),
          createHash('sha256')
            .update(await readFile(path.join(folder, name)))
            .digest('hex'),
        ]),
      ),
    );
    expect(found, 'a migration changed after it was written: leave it, and write a new one').toEqual(checksums);
    expect(Object.keys(checksums).sort()).toEqual(Object.keys(MIGRATIONS).sort());
  });
});
