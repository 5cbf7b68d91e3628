import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { preparedTemplate, type SeededTemplate } from './prepared-templates.ts';
import { dropTestDatabase, seedTemplate } from './seeded-template.ts';
import { bundleSources } from './source-bundle.ts';

declare module 'vitest' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    seededTemplate: SeededTemplate;
    /** The folder of this run's bundle of the server and the command lines (test/source-bundle.ts). */
    sourceBundle: string;
  }
}

/**
 * The demo brokerage is seeded once per run, on PGlite or (with TEST_DATABASE_URL) on PostgreSQL, and
 * every test app starts as a copy of it; `npm test` seeds it before its passes, and they share it.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const prepared = preparedTemplate(serverUrl);
  const root = prepared ? undefined : await mkdtemp(path.join(os.tmpdir(), 'clearport-template-'));
  const template = prepared ?? (await seedTemplate(root!, serverUrl));
  project.provide('seededTemplate', template);
  const bundle = await bundleSources();
  project.provide('sourceBundle', bundle);
  return async () => {
    await rm(bundle, { recursive: true, force: true });
    if (!root) return;
    if (template.databaseName) await dropTestDatabase(serverUrl!, template.databaseName);
    await rm(root, { recursive: true, force: true });
  };
}
