import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.ts';
import { storageConfigFromEnv } from './storage-config.ts';

const MIB = 1024 * 1024;

describe('storageConfigFromEnv', () => {
  it('keeps files in the data folder when STORAGE_URL is unset or empty, or in a file: folder', () => {
    expect(storageConfigFromEnv({})).toEqual({ kind: 'local' });
    expect(storageConfigFromEnv({ STORAGE_URL: '' })).toEqual({ kind: 'local' });
    expect(storageConfigFromEnv({ STORAGE_URL: 'file:/srv/files' })).toEqual({ kind: 'local', root: '/srv/files' });
    expect(storageConfigFromEnv({ STORAGE_URL: 'file:///srv/files' })).toEqual({ kind: 'local', root: '/srv/files' });
    expect(storageConfigFromEnv({ STORAGE_URL: 'file:files' })).toEqual({ kind: 'local', root: path.resolve('files') });
    expect(configFromEnv({}).storage).toEqual({ kind: 'local' });
  });

  it('reads an S3 bucket, its prefix and its settings, with their defaults', () => {
    expect(storageConfigFromEnv({ STORAGE_URL: 's3://portal-files' })).toEqual({
      kind: 's3',
      bucket: 'portal-files',
      prefix: '',
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      partBytes: 8 * MIB,
      timeoutMs: 15_000,
    });
    expect(
      configFromEnv({
        STORAGE_URL: 's3://portal.files/clearport/prod',
        S3_ENDPOINT: 'https://s3.example.test',
        S3_REGION: 'eu-central-1',
        S3_PART_SIZE_MB: '16',
        S3_TIMEOUT_MS: '5000',
        AWS_ACCESS_KEY_ID: 'key',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'portal.files',
      prefix: 'clearport/prod/',
      endpoint: 'https://s3.example.test',
      region: 'eu-central-1',
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
      partBytes: 16 * MIB,
      timeoutMs: 5000,
    });
    expect(storageConfigFromEnv({ STORAGE_URL: 's3://bucket/files/' })).toMatchObject({ prefix: 'files/' });
  });

  it('stops the start with a message naming what cannot work', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ STORAGE_URL: 'ftp://host/files' }, 'STORAGE_URL is neither s3://<bucket>/<prefix> nor file:<folder>'],
      [{ STORAGE_URL: 's3://' }, 'STORAGE_URL is neither'],
      [{ STORAGE_URL: 's3://Bucket_Name/x' }, 'STORAGE_URL names no valid S3 bucket'],
      [{ STORAGE_URL: 's3://ab' }, 'STORAGE_URL names no valid S3 bucket'],
      [{ STORAGE_URL: 's3://bucket/../x' }, "STORAGE_URL's prefix"],
      [{ STORAGE_URL: 's3://bucket/a b' }, "STORAGE_URL's prefix"],
      [{ STORAGE_URL: 'file:' }, 'STORAGE_URL names no folder'],
      [{ STORAGE_URL: 's3://bucket', S3_ENDPOINT: 'localhost:9000' }, 'S3_ENDPOINT is not an http(s) URL'],
      [{ STORAGE_URL: 's3://bucket', AWS_ACCESS_KEY_ID: 'key' }, 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'],
      [{ STORAGE_URL: 's3://bucket', S3_PART_SIZE_MB: '4' }, 'S3_PART_SIZE_MB is not a whole number of at least 5'],
      [{ STORAGE_URL: 's3://bucket', S3_TIMEOUT_MS: 'soon' }, 'S3_TIMEOUT_MS is not a whole number'],
    ];
    for (const [env, message] of cases) {
      expect(() => configFromEnv(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
