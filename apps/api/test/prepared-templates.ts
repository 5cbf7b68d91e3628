import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The folder in which `npm test` seeds the templates once, before its test passes (scripts/test.mjs
 * sets it): the PGlite one in `pglite/`, the PostgreSQL one in `postgres/`, each described by its
 * `template.json`. The API passes and the browser tests (apps/web/e2e/global-setup.ts) start from
 * them instead of seeding the demo anew, about 30 s of one core each. A module of its own, without
 * the app, so that the browser tests' setup reads it alone.
 */
export const PREPARED_TEMPLATES_ENV = 'CLEARPORT_TEST_TEMPLATES';

/** The seeded demo database every test app starts as (see buildTestApp). */
export type SeededTemplate = {
  /** The portal's data folder after the seed: its stored files, and its PGlite in `db/` without a databaseName. */
  dataDir: string;
  /** A seeded database on the TEST_DATABASE_URL server that new test databases are copied from. */
  databaseName?: string;
};

/** Where a folder of prepared templates keeps the one of an engine: what seedTemplate made, as JSON. */
export function templateManifest(folder: string, serverUrl?: string): string {
  return path.join(folder, serverUrl ? 'postgres' : 'pglite', 'template.json');
}

/** The template that `npm test` prepared for this engine, if it did. */
export function preparedTemplate(serverUrl?: string): SeededTemplate | undefined {
  const prepared = process.env[PREPARED_TEMPLATES_ENV];
  if (!prepared) return undefined;
  return JSON.parse(readFileSync(templateManifest(prepared, serverUrl), 'utf8')) as SeededTemplate;
}
