import { beforeAll, expect } from 'vitest';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { DEFAULT_API_KEY_SCOPES, type ApiKeyScope } from '@clearport/contract/broker-admin';
import type { Db } from '../src/db/connect.ts';
import { isRefused } from '../src/lib/action.ts';
import { BROKER } from '../src/modules/access/session-user.ts';
import { createApiKey } from '../src/modules/broker-admin/create-api-key.ts';
import { injectAs, type TestApp } from './build-app.ts';

/** The broker API's records call. */
export const RECORDS_URL = `${BROKER_API_BASE}${BROKER_API_PATHS.records}`;

/** A new live key of the brokerage, with the integration's scopes or these; its id and text. */
export async function newBrokerKey(
  db: Db,
  name = 'Customs system',
  scopes: readonly ApiKeyScope[] = DEFAULT_API_KEY_SCOPES,
): Promise<{ id: number; key: string }> {
  const made = await createApiKey({ db }, BROKER, { name, scopes, expiresAt: null });
  if (isRefused(made)) throw new Error(made.refusal.message);
  return made;
}

/**
 * The brokerage's system as a test file sees it: an API key made before the file's tests, and
 * batches of records sent with it.
 */
export function brokerApiOf(t: TestApp) {
  let key = '';
  beforeAll(async () => {
    key = (await newBrokerKey(t.app.db)).key;
  });
  /** Sends the batch with the key, or with `as`. */
  const send = (records: unknown[], as = key) =>
    injectAs(t.app, as, { method: 'POST', url: RECORDS_URL, payload: { records } });
  return {
    key: () => key,
    send,
    /** The result of each record of a batch the API took. */
    async results<Result>(records: unknown[]): Promise<Result[]> {
      const response = await send(records);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ results: Result[] }>().results;
    },
  };
}
