import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MemoryFS } from '@electric-sql/pglite';

type Entry = { path: string; bytes?: Uint8Array };
type Init = MemoryFS['init'];

/**
 * The seeded template's PGlite folder (`<dataDir>/db`, shut down cleanly by the seed), read once by
 * each worker, whose test files share modules: its folders and its files' bytes, about 55 MB.
 */
const folders = new Map<string, Promise<Entry[]>>();
function templateEntries(folder: string): Promise<Entry[]> {
  let entries = folders.get(folder);
  if (!entries) folders.set(folder, (entries = readTemplate(folder)));
  return entries;
}

/**
 * A test database's buffers: its 25 MB of data are read from memory either way, and PostgreSQL
 * starts a third faster than with the default 128 MB (about 70 ms less of each test app's start).
 */
const TEST_SETTINGS = "\nshared_buffers = '16MB'\n";
const WAL_SEGMENT_NAME = /^[0-9A-F]{24}$/;

/**
 * The WAL segments the database needs to start: the one holding the last checkpoint, which a clean
 * shutdown wrote (the LSN at byte 32 of `global/pg_control`). The others are spent segments kept for
 * reuse (16 MB each by default, as large as the first one found) that every test app would copy;
 * PostgreSQL makes a new one when it needs it. A segment's name is its timeline, then the LSN's high
 * 32 bits, then the segment's number within them.
 */
function isNeededWal(name: string, checkpoint: { lsn: bigint; segmentBytes: bigint } | undefined): boolean {
  if (checkpoint === undefined || !WAL_SEGMENT_NAME.test(name)) return true;
  const { lsn, segmentBytes } = checkpoint;
  const segment = BigInt(`0x${name.slice(8, 16)}`) * (0x1_0000_0000n / segmentBytes) + BigInt(`0x${name.slice(16)}`);
  return segment === lsn / segmentBytes;
}

async function readTemplate(root: string): Promise<Entry[]> {
  const control = await readFile(path.join(root, 'global/pg_control'));
  const segments = (await readdir(path.join(root, 'pg_wal'))).filter((name) => WAL_SEGMENT_NAME.test(name));
  const first = segments[0];
  const segmentBytes = first === undefined ? 0n : BigInt((await stat(path.join(root, 'pg_wal', first))).size);
  const checkpoint = { lsn: control.readBigUInt64LE(32), segmentBytes };
  // A checkpoint in none of the segments would be a layout this does not know: every segment is kept.
  const known = segmentBytes > 0n && segments.some((name) => isNeededWal(name, checkpoint));
  const entries = await readEntries(root, '', (relative) =>
    relative.startsWith('/pg_wal/') ? isNeededWal(relative.slice(8), known ? checkpoint : undefined) : true,
  );
  return entries.map((entry) =>
    entry.path === '/postgresql.auto.conf' && entry.bytes
      ? { ...entry, bytes: new Uint8Array(Buffer.concat([entry.bytes, Buffer.from(TEST_SETTINGS)])) }
      : entry,
  );
}

async function readEntries(root: string, under: string, isKept: (relative: string) => boolean): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const item of await readdir(path.join(root, under), { withFileTypes: true })) {
    const relative = `${under}/${item.name}`;
    if (!isKept(relative)) continue;
    if (item.isDirectory()) entries.push({ path: relative }, ...(await readEntries(root, relative, isKept)));
    // A plain Uint8Array, not the Buffer readFile gives: a Buffer's slice is a view of its bytes,
    // and the file system's copy of a file is the slice of what it is given.
    else entries.push({ path: relative, bytes: new Uint8Array(await readFile(path.join(root, relative))) });
  }
  return entries;
}

/**
 * An in-memory file system whose PGlite data folder starts as a copy of the template's, written
 * before PostgreSQL starts, which then finds a database to resume. PGlite's own way,
 * `loadDataDir` with a tar of the folder, reads the tar anew for each database and looks up every
 * parent folder of every file: a third of a second more of each test app's start.
 */
class TemplateFs extends MemoryFS {
  constructor(private readonly entries: Entry[]) {
    super();
  }

  override async init(...[pg, options]: Parameters<Init>): ReturnType<Init> {
    const { emscriptenOpts } = await super.init(pg, options);
    const copy = (module: Parameters<NonNullable<typeof options.preRun>[number]>[0]) => {
      const dataFolder: string = module.ENV.PGDATA;
      module.FS.mkdirTree(dataFolder);
      // The file system keeps a copy (see readEntries), so the template's bytes stay as they were read.
      for (const entry of this.entries) {
        if (entry.bytes) module.FS.writeFile(dataFolder + entry.path, entry.bytes);
        else module.FS.mkdir(dataFolder + entry.path);
      }
    };
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), copy] } };
  }
}

/** A file system for a new in-memory PGlite that starts as the seeded template's database. */
export async function templateFs(dataDir: string): Promise<MemoryFS> {
  return new TemplateFs(await templateEntries(path.join(dataDir, 'db')));
}
