import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv, filesDirOf } from './config.ts';

describe('the stored files’ folder', () => {
  it('is DATA_DIR/files, or the folder a file: STORAGE_URL names', () => {
    expect(filesDirOf(configFromEnv({ DATA_DIR: '/srv/clearport' }))).toBe(path.join('/srv/clearport', 'files'));
    const shared = configFromEnv({ DATA_DIR: '/srv/clearport', STORAGE_URL: 'file:///mnt/shared/clearport%20files' });
    expect(filesDirOf(shared)).toBe('/mnt/shared/clearport files');
    // An object store's URL names no folder.
    expect(configFromEnv({ STORAGE_URL: 's3://clearport-files' }).filesDir).toBeUndefined();
  });

  it('refuses a file: URL that names another host, saying which variable', () => {
    expect(() => configFromEnv({ STORAGE_URL: 'file://fileserver/share' })).toThrow(/^STORAGE_URL is not a file URL/);
  });
});
