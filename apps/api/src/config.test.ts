import { describe, expect, it } from 'vitest';
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
