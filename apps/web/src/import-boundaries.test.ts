import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The boundary errors lint reports for `source` as if it were the file at `file` (from apps/web/src). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return result!.messages
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message);
}

/**
 * Each web boundary that docs/architecture.md claims, seen failing on a probe that breaks it and
 * passing on one that keeps it. The first lint builds the TypeScript parser and resolver: slow on a
 * loaded machine, hence the time allowed.
 */
describe('the web import boundaries', { timeout: 120_000 }, () => {
  it('refuse a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'features/billing/components/probe.tsx',
      "import { ShipmentsTable } from '../../shipments/components/shipments-table.tsx';\nexport const probe = ShipmentsTable;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature does not import another feature (features/billing)')]);
  });

  it('allow a feature its own files, the shared layers and the contract', async () => {
    const errors = await boundaryErrors(
      'features/billing/components/probe.tsx',
      [
        "import { formatAmount } from '../utils/format-invoice.ts';",
        "import { ListTable } from '../../../components/ui/list-table.tsx';",
        "import { formatDate } from '../../../lib/format-date.ts';",
        "import { WEB_TEXTS } from '../../../config/texts.ts';",
        "import { useIsNarrowLayout } from '../../../hooks/use-media-query.ts';",
        "import { TEXTS } from '@clearport/contract/texts';",
        'export const probe = [formatAmount, ListTable, formatDate, WEB_TEXTS, useIsNarrowLayout, TEXTS];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuse a feature importing app/', async () => {
    const errors = await boundaryErrors(
      'features/users/probe.ts',
      "import { router } from '../../app/router.tsx';\nexport const probe = router;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature does not import app/')]);
  });

  it.each(['components/ui/probe.tsx', 'lib/probe.ts', 'hooks/probe.ts'])('keep %s free of features', async (file) => {
    const depth = '../'.repeat(file.split('/').length - 1);
    const errors = await boundaryErrors(
      file,
      `import { useInvoices } from '${depth}features/billing/api/get-invoices.ts';\nexport const probe = useInvoices;\n`,
    );
    expect(errors).toEqual([
      expect.stringContaining('The shared layers (components, lib, config, hooks) import no feature'),
    ]);
  });

  it('let app/ compose features', async () => {
    const errors = await boundaryErrors(
      'app/routes/app/probe.tsx',
      [
        "import { useInvoices } from '../../../features/billing/api/get-invoices.ts';",
        "import { ShipmentsTable } from '../../../features/shipments/components/shipments-table.tsx';",
        'export const probe = [useInvoices, ShipmentsTable];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });
});
