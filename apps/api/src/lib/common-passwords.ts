import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

/**
 * The API package's folder: the nearest one up from this code that holds a package.json. The
 * source (src/lib) and the bundle (dist, dist/cli) sit at different depths below it.
 */
function apiPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('The API package folder was not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

/** assets/common-passwords.txt.gz: one lower-case password a line; assets/README.md says where it comes from. */
export const COMMON_PASSWORDS_FILE = 'assets/common-passwords.txt.gz';

let commonPasswords: ReadonlySet<string> | undefined;

/** The list, read once on first use (some 40,000 lines, a few milliseconds) and kept. */
function loadCommonPasswords(): ReadonlySet<string> {
  const text = gunzipSync(readFileSync(path.join(apiPackageDir(), COMMON_PASSWORDS_FILE))).toString('utf8');
  return new Set(text.split('\n').filter((line) => line !== ''));
}

/**
 * Whether a password is one of the most common ones, as found in published password breaches
 * (ASVS 6.2.4, 6.2.12), whatever its letters' case. Checked offline: nothing leaves the server.
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}
