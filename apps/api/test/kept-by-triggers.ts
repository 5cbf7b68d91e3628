import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../src/db/connect.ts';
import {
  HOME_COUNT_CONDITIONS,
  HOME_COUNT_COUNTER_CONDITIONS,
  HOME_COUNT_KEYS,
} from '../src/modules/shipments/shipments.rules.ts';

/**
 * What triggers on shipments keep is right: the counts in shipment_counts (migrations 0017 and
 * 0049) equal counts of the shipments, per account, status and port of entry, all of them and
 * those of each Home count, no counter below zero; shipment_search_texts (migration 0050)
 * holds every shipment's search text, and nothing else; and shipment_free_days (migration 0053)
 * counts the shipments of each account and nearest last free day, no day without any.
 */
export async function expectKeptByTriggers(db: Db): Promise<void> {
  const { rows: counted } = await sql<Record<string, unknown>>`
    SELECT shipments.account_id, shipments.status, coalesce(shipments.entry_port_code, '') AS entry_port_code,
      count(*)::int AS shipments,
      ${sql.join(HOME_COUNT_KEYS.map((key) => sql`(count(*) FILTER (WHERE ${HOME_COUNT_CONDITIONS[key]}))::int AS ${sql.ref(key)}`))}
    FROM shipments GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`.execute(db);
  const { rows: kept } = await sql<Record<string, unknown>>`
    SELECT c.account_id, c.status, c.entry_port_code, sum(c.shipments)::int AS shipments,
      ${sql.join(
        HOME_COUNT_KEYS.map(
          (key) =>
            sql`coalesce(sum(c.shipments) FILTER (WHERE ${HOME_COUNT_COUNTER_CONDITIONS[key]}), 0)::int AS ${sql.ref(key)}`,
        ),
      )}
    FROM shipment_counts c GROUP BY 1, 2, 3 HAVING sum(c.shipments) <> 0 ORDER BY 1, 2, 3`.execute(db);
  expect(kept).toEqual(counted);
  const { rows: negative } = await sql`SELECT * FROM shipment_counts WHERE shipments < 0`.execute(db);
  expect(negative).toEqual([]);
  const { rows: texts } = await sql<{ shipments: number; kept: number; differing: number }>`
    SELECT (SELECT count(*) FROM shipments)::int AS shipments, (SELECT count(*) FROM shipment_search_texts)::int AS kept,
      (SELECT count(*) FROM shipments FULL JOIN shipment_search_texts t ON t.shipment_id = shipments.id
        WHERE t.search_text IS DISTINCT FROM shipments.search_text)::int AS differing`.execute(db);
  expect(texts[0]!.kept).toBe(texts[0]!.shipments);
  expect(texts[0]!.differing).toBe(0);
  const { rows: days } = await sql<{ account_id: number; next_free_day: string; shipments: number }>`
    SELECT account_id, next_free_day::text, count(*)::int AS shipments FROM shipments
    WHERE next_free_day IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const { rows: keptDays } = await sql`
    SELECT account_id, next_free_day::text, shipments::int FROM shipment_free_days ORDER BY 1, 2`.execute(db);
  expect(keptDays).toEqual(days);
}
