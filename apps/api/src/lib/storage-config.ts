import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Storage, S3StorageOptions } from './s3-storage.ts';
import { localStorage, type Storage } from './storage.ts';

/**
 * Where stored files live (decision 0039): a folder (`<dataDir>/files` when none is named), or
 * an S3 bucket under a prefix.
 */
export type StorageConfig = { kind: 'local'; root?: string } | ({ kind: 's3' } & Omit<S3StorageOptions, 'maxAttempts'>);

const BUCKET_PATTERN = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_PATTERN = /^([A-Za-z0-9._-]+\/)*$/;
const MIB = 1024 * 1024;
/** S3's smallest part of a multipart upload (S3_MIN_PART_BYTES). */
const MIN_PART_MIB = 5;

function whole(value: string, name: string, least: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < least)
    throw new Error(`${name} is not a whole number of at least ${least}: ${value}`);
  return number;
}

/**
 * STORAGE_URL: unset or `file:<folder>` for a folder, `s3://<bucket>/<prefix>` for S3 with
 * S3_ENDPOINT, S3_REGION (us-east-1), S3_PART_SIZE_MB (8, at least 5), S3_TIMEOUT_MS (15000)
 * and the keys AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (else the SDK's default chain).
 * A value that cannot work stops the start with a message naming it.
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv): StorageConfig {
  const url = env.STORAGE_URL?.trim();
  if (!url) return { kind: 'local' };
  if (url.startsWith('file:')) {
    const root = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
    if (!root) throw new Error('STORAGE_URL names no folder after file:');
    return { kind: 'local', root: path.resolve(root) };
  }
  const s3 = /^s3:\/\/([^/]+)(?:\/(.*))?$/.exec(url);
  if (!s3) throw new Error(`STORAGE_URL is neither s3://<bucket>/<prefix> nor file:<folder>: ${url}`);
  const bucket = s3[1]!;
  if (!BUCKET_PATTERN.test(bucket)) {
    throw new Error(`STORAGE_URL names no valid S3 bucket (3 to 63 of a-z, 0-9, '.' and '-'): ${bucket}`);
  }
  const prefix = (s3[2] ?? '').replace(/\/*$/, '/').replace(/^\/$/, '');
  if (!PREFIX_PATTERN.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`STORAGE_URL's prefix may hold only folders of A-Z, a-z, 0-9, '.', '_' and '-': ${s3[2]}`);
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint))
    throw new Error(`S3_ENDPOINT is not an http(s) URL: ${endpoint}`);
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all');
  }
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    partBytes: MIB * whole(env.S3_PART_SIZE_MB ?? '8', 'S3_PART_SIZE_MB', MIN_PART_MIB),
    timeoutMs: whole(env.S3_TIMEOUT_MS ?? '15000', 'S3_TIMEOUT_MS', 1),
  };
}

/**
 * The store the config names; a folder's root defaults to `<dataDir>/files`. The AWS SDK is loaded
 * only for S3 (most of a second of a start).
 */
export async function openStorage(
  config: StorageConfig,
  dataDir: string,
): Promise<Storage & { close?: S3Storage['close'] }> {
  if (config.kind === 'local') return localStorage(config.root ?? path.join(dataDir, 'files'));
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config);
}
