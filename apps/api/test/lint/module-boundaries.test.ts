import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary errors lint reports for `source` as if it were the file at `file` (from the repository's root). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

/** Each boundary that docs/architecture.md claims, seen failing on a probe that breaks it and passing on one that keeps it. */
describe('the API module boundaries', () => {
  it("refuse another module's repository", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/invoices/probe.ts',
      "import { settingsRepository } from '../settings/settings.repository.ts';\nexport const probe = settingsRepository;\n",
    );
    expect(errors).toEqual([expect.stringContaining("Import another module's action or reads file")]);
  });

  it("refuse another module's routes", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/invoices/probe.ts',
      "import { settingsRoutes } from '../settings/settings.routes.ts';\nexport const probe = settingsRoutes;\n",
    );
    expect(errors).toHaveLength(1);
  });

  it("allow another module's reads and action files, the base and the module's own repository", async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/invoices/probe.ts',
      [
        "import { settingsReads } from '../settings/settings.reads.ts';",
        "import { createTruckers } from '../settings/create-truckers.ts';",
        "import { accessRepository } from '../access/access.repository.ts';",
        "import { invoicesRepository } from './invoices.repository.ts';",
        'export const probe = [settingsReads, createTruckers, accessRepository, invoicesRepository];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('keep lib free of modules', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/lib/probe.ts',
      "import { settingsReads } from '../modules/settings/settings.reads.ts';\nexport const probe = settingsReads;\n",
    );
    expect(errors).toEqual([expect.stringContaining('lib and db import no module or plugin.')]);
  });

  it('keep the base free of screen modules', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/modules/access/probe.ts',
      "import { settingsReads } from '../settings/settings.reads.ts';\nexport const probe = settingsReads;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The base modules import no screen module.')]);
  });
});
