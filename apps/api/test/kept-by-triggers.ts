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
 * holds every shipment's search text, and nothing else; shipment_free_days (migration 0053)
 * counts the shipments of each account and nearest last free day, no day without any; and each
 * shipment's nearest open last free day and its kind (migrations 0036 and 0054) are its open
 * containers' earliest, one at the terminal first.
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
  const { rows: staleDays } = await sql`
    SELECT s.id, s.next_free_day::text, s.next_free_day_kind, nearest.day::text, nearest.kind FROM shipments s
    LEFT JOIN LATERAL (
      SELECT CASE WHEN f.gated_out_at IS NULL THEN f.terminal_last_free_day ELSE f.detention_last_free_day END AS day,
        CASE WHEN f.gated_out_at IS NULL THEN 'terminal' ELSE 'detention' END AS kind
      FROM containers c JOIN container_free_days f ON f.container_id = c.id
      WHERE c.shipment_id = s.id AND f.empty_returned_at IS NULL
        AND CASE WHEN f.gated_out_at IS NULL THEN f.terminal_last_free_day ELSE f.detention_last_free_day END IS NOT NULL
      ORDER BY 1, f.gated_out_at IS NULL DESC LIMIT 1
    ) AS nearest ON true
    WHERE (s.next_free_day, s.next_free_day_kind) IS DISTINCT FROM (nearest.day, nearest.kind)`.execute(db);
  expect(staleDays).toEqual([]);
}
