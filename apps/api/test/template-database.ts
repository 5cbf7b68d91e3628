import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MemoryFS } from '@electric-sql/pglite';

type Entry = { path: string; bytes?: Uint8Array };
type Init = MemoryFS['init'];

/**
 * The seeded template's PGlite folder (`<dataDir>/db`, shut down cleanly by the seed), read once by
 * each worker, whose test files share modules: its folders and its files' bytes, about 70 MB.
 */
const folders = new Map<string, Promise<Entry[]>>();
function templateEntries(folder: string): Promise<Entry[]> {
  let entries = folders.get(folder);
  if (!entries) folders.set(folder, (entries = readEntries(folder)));
  return entries;
}

async function readEntries(root: string, under = ''): Promise<Entry[]> {
  const entries: Entry[] = [];
  for (const item of await readdir(path.join(root, under), { withFileTypes: true })) {
    const relative = `${under}/${item.name}`;
    if (item.isDirectory()) entries.push({ path: relative }, ...(await readEntries(root, relative)));
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
