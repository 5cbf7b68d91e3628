import { open, readFile, rm } from 'node:fs/promises';

/**
 * The embedded database serves one process: a second one opening the same folder (`npm run
 * broker` while `npm start` serves) would write behind the first's back and leave the folder
 * inconsistent. Its opener holds `<folder>.lock`, naming its process id; another process is
 * refused while that one lives. A lock left by a process that died (kill -9) is taken over.
 */
export class DatabaseInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${folder} is in use by process ${pid} (the portal is running). ` +
        "Use the running portal's broker API instead (records: POST /api/broker/v1/records with a key of the " +
        'records scope; keys, webhooks and the rest: /api/broker/v1/admin/ with a key of the admin scope), stop ' +
        'the portal first, or run both against PostgreSQL (DATABASE_URL). Nothing was written.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the folder's lock, or throws DatabaseInUseError (also when this process holds it: two
 * embedded databases on one folder corrupt it as two processes do); resolves to its release.
 */
export async function lockFolder(folder: string): Promise<() => Promise<void>> {
  const lockFile = `${folder}.lock`;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        const holder = await readFile(lockFile, 'utf8').catch(() => '');
        if (holder === String(process.pid)) await rm(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const text = await readFile(lockFile, 'utf8').catch(() => '');
    const holder = /^\d+$/.test(text) ? Number(text) : undefined;
    if (holder !== undefined && isAlive(holder)) throw new DatabaseInUseError(folder, holder);
    // A lock being written this instant reads empty: look again before taking it as left behind.
    if (holder === undefined && attempt < 5) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if (attempt > 6) throw new Error(`Cannot take the lock ${lockFile}.`);
    await rm(lockFile, { force: true });
  }
}
