// `tsx test/prepare-templates.ts <folder>` seeds the tests' templates into the folder, on PGlite and (with
// TEST_DATABASE_URL) on PostgreSQL, side by side; `tsx test/prepare-templates.ts --remove <folder>` drops
// the PostgreSQL one and removes the folder. npm test (scripts/test.mjs) runs both around its passes. A
// folder that already holds templates is refused: seeding over them would leave the old database behind.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { templateManifest, type SeededTemplate } from './prepared-templates.ts';
import { dropTestDatabase, seedTemplate } from './seeded-template.ts';

const [first, second] = process.argv.slice(2);
const serverUrl = process.env.TEST_DATABASE_URL;

if (first === '--remove' && second) {
  const manifest = serverUrl
    ? await readFile(templateManifest(second, serverUrl), 'utf8').catch(() => undefined)
    : undefined;
  const { databaseName } = manifest ? (JSON.parse(manifest) as SeededTemplate) : {};
  if (serverUrl && databaseName) await dropTestDatabase(serverUrl, databaseName);
  await rm(second, { recursive: true, force: true });
} else if (first && (await readdir(first).catch(() => [])).length > 0) {
  // Seeding over templates would leave the old server database behind and mix two demos' files.
  console.error(`${first} already holds templates: remove them first with --remove ${first}`);
  process.exitCode = 2;
} else if (first) {
  await Promise.all([
    seedTemplate(path.dirname(templateManifest(first))),
    serverUrl ? seedTemplate(path.dirname(templateManifest(first, serverUrl)), serverUrl) : undefined,
  ]);
} else {
  console.error('Usage: tsx test/prepare-templates.ts <folder> | --remove <folder>');
  process.exitCode = 2;
}
