import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets the server must read back (an authenticator's key) are stored encrypted with
 * AES-256-GCM under a key the database does not hold: TWO_FACTOR_KEY (64 hex characters), or a
 * key made once in the data folder. A copy of the database alone then gives no second factor away.
 */
export type SecretKey = Buffer;

const KEY_FILE = 'secret.key';

export async function loadSecretKey(fromEnv: string | undefined, dataDir: string): Promise<SecretKey> {
  if (fromEnv) {
    if (!/^[0-9a-f]{64}$/i.test(fromEnv)) throw new Error('TWO_FACTOR_KEY is not 64 hex characters');
    return Buffer.from(fromEnv, 'hex');
  }
  const file = path.join(dataDir, KEY_FILE);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two processes starting at once keep the first one's key.
  await writeFile(file, key.toString('hex'), { mode: 0o600, flag: 'wx' }).catch(async (error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  });
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'hex');
}

export function sealSecret(key: SecretKey, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), text].map((part) => part.toString('base64url')).join('.');
}

/**
 * The secret, or undefined when this key cannot open it: sealed under another key (TWO_FACTOR_KEY
 * or the data folder's secret.key changed since, as after a restore without the key) or damaged.
 */
export function readSecret(key: SecretKey, sealed: string): string | undefined {
  const [iv, tag, text] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !text) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(text), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
