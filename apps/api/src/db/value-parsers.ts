import { types } from '@electric-sql/pglite';

/**
 * Both drivers return the same JavaScript values: int8 as number, a timestamp without
 * time zone as its text `YYYY-MM-DD HH:MM:SS`, a date as `YYYY-MM-DD` (PGlite's in connect.ts,
 * pg's in pg-driver.ts).
 */
const timestampText = (value: string) => value.slice(0, 19);
export const PARSERS = {
  [types.INT8]: (value: string) => Number(value),
  [types.TIMESTAMP]: timestampText,
  [types.DATE]: (value: string) => value,
};
