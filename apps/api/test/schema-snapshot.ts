import { sql } from 'kysely';
import type { Db } from '../src/db/connect.ts';

type Column = { table: string; name: string; type: string; not_null: boolean; default_value: string | null };
type Definition = { table: string; name: string; definition: string };

/**
 * The schema the migrations make, as SQL: each table's columns, then its constraints and indexes
 * as PostgreSQL prints them, in name order, so the same migrations always give the same text.
 */
export async function schemaSnapshot(db: Db): Promise<string> {
  const columns = await sql<Column>`
    SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
      a.attnotnull AS not_null,
      CASE WHEN a.attgenerated = 's' THEN 'GENERATED ALWAYS AS (' || pg_get_expr(d.adbin, d.adrelid) || ') STORED'
        WHEN d.adbin IS NOT NULL THEN 'DEFAULT ' || pg_get_expr(d.adbin, d.adrelid) END AS default_value
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
    ORDER BY c.relname, a.attnum
  `.execute(db);
  const constraints = await sql<Definition>`
    SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    -- PostgreSQL 17 also lists NOT NULL as constraints; the columns say it already.
    WHERE n.nspname = 'public' AND k.contype <> 'n'
    ORDER BY c.relname, k.contype DESC, k.conname
  `.execute(db);
  const indexes = await sql<Definition>`
    SELECT t.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class t ON t.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid)
    ORDER BY t.relname, i.relname
  `.execute(db);

  const tables = [...new Set(columns.rows.map((column) => column.table))];
  const blocks = tables.map((table) => {
    const lines = columns.rows
      .filter((column) => column.table === table)
      .map((column) =>
        [`  ${column.name} ${column.type}`, column.not_null ? 'NOT NULL' : '', column.default_value ?? '']
          .filter(Boolean)
          .join(' '),
      );
    const statements = [
      `CREATE TABLE ${table} (\n${lines.join(',\n')}\n);`,
      ...constraints.rows
        .filter((constraint) => constraint.table === table)
        .map((constraint) => `ALTER TABLE ${table} ADD CONSTRAINT ${constraint.name} ${constraint.definition};`),
      ...indexes.rows.filter((index) => index.table === table).map((index) => `${index.definition};`),
    ];
    return statements.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
