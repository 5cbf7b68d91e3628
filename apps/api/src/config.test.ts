import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { configFromEnv } from './config.ts';

describe('DATABASE_REPLICA_URL', () => {
  it('is read beside DATABASE_URL', () => {
    const config = configFromEnv({
      DATABASE_URL: 'postgres://app@primary/clearport',
      DATABASE_REPLICA_URL: 'postgres://app@replica/clearport',
    });
    expect(config.databaseReplicaUrl).toBe('postgres://app@replica/clearport');
  });

  it('stops the start without DATABASE_URL: the embedded database has no replica', () => {
    expect(() => configFromEnv({ DATABASE_REPLICA_URL: 'postgres://app@replica/clearport' })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
  });

  it('stops the start when it is not a PostgreSQL address', () => {
    expect(() =>
      configFromEnv({ DATABASE_URL: 'postgres://app@primary/clearport', DATABASE_REPLICA_URL: 'replica:5432' }),
    ).toThrow(/DATABASE_REPLICA_URL is not a postgres:\/\/ URL/);
  });

  it('is absent when unset or empty', () => {
    expect(
      configFromEnv({ DATABASE_URL: 'postgres://app@primary/clearport', DATABASE_REPLICA_URL: '' }).databaseReplicaUrl,
    ).toBeUndefined();
  });
});

describe.each([
  ['DATABASE_CONNECT_TIMEOUT_MS', 'databaseConnectTimeoutMs', 2_000],
  ['WEBHOOK_LEASE_MARGIN_MS', 'webhookLeaseMarginMs', 15_000],
] as const)('%s', (name, setting, byDefault) => {
  it(`is ${byDefault / 1000} s unless set, and a positive whole number of milliseconds`, () => {
    expect(configFromEnv({})[setting]).toBe(byDefault);
    expect(configFromEnv({ [name]: '30000' })[setting]).toBe(30_000);
    for (const value of ['0', '-5', '2.5', 'soon']) {
      expect(() => configFromEnv({ [name]: value }), value).toThrow(
        new RegExp(`${name} is not a positive whole number`),
      );
    }
  });
});

describe('WEB_DIR and DATA_DIR', () => {
  it('are taken from the working folder when relative, as the file server needs', () => {
    const config = configFromEnv({ WEB_DIR: 'apps/web/dist', DATA_DIR: 'data' });
    expect(config.webDir).toBe(path.resolve('apps/web/dist'));
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('serve no web client when WEB_DIR is unset', () => {
    expect(configFromEnv({}).webDir).toBeUndefined();
  });
});
