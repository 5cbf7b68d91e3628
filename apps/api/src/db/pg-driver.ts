import pg from 'pg';
import { PARSERS } from './value-parsers.ts';

/*
 * pg, the driver of a PostgreSQL server (DATABASE_URL), with its values read as PGlite's are
 * (value-parsers.ts). connect.ts loads this module only when it connects to a server.
 */

for (const [oid, parse] of Object.entries(PARSERS)) pg.types.setTypeParser(Number(oid), parse);

/**
 * pg reads text[] character by character; a page of shipments carries 120 of them. An array
 * of plain elements (PostgreSQL quotes any element with a quote, backslash, comma, brace,
 * space, or that is empty or NULL) is split instead; anything else goes to pg's own parser.
 */
const TEXT_ARRAY_OID = 1009 as Parameters<typeof pg.types.getTypeParser>[0];
const parseTextArrayFully = pg.types.getTypeParser(TEXT_ARRAY_OID);
export function parseTextArray(value: string): unknown {
  if (value === '{}') return [];
  if (!value.startsWith('{') || /["\\{}]/.test(value.slice(1, -1))) return parseTextArrayFully(value);
  return value
    .slice(1, -1)
    .split(',')
    .map((element) => (element === 'NULL' ? null : element));
}
pg.types.setTypeParser(TEXT_ARRAY_OID, parseTextArray);

export { preparingPool } from './prepared-statements.ts';
export default pg;
