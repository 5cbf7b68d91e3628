import { beforeAll, expect } from 'vitest';
import { BROKER_API_BASE, BROKER_API_PATHS } from '@clearport/contract/ingestion';
import { apiKeysRepository } from '../src/modules/ingestion/api-keys.repository.ts';
import { injectAs, type TestApp } from './build-app.ts';

/** The broker API's records call. */
export const RECORDS_URL = `${BROKER_API_BASE}${BROKER_API_PATHS.records}`;

/**
 * The brokerage's system as a test file sees it: an API key made before the file's tests, and
 * batches of records sent with it.
 */
export function brokerApiOf(t: TestApp) {
  let key = '';
  beforeAll(async () => {
    key = (await apiKeysRepository.create(t.app.db, 'Customs system')).key;
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
