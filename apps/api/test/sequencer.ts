import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files of ten seconds or more on PGlite (2026-12-07), longest first. Started first, they end
 * while the short files fill the other worker, instead of starting last and leaving the run waiting on
 * them with one worker idle. Vitest's own order goes by the last run's durations, which a fresh clone
 * (CI) does not have in its first pass, and then by file size: a short file that waits on processes,
 * hashes at the production cost or sends slow clients would come among the last.
 */
export const LONGEST_FILES = [
  'test/security/fuzz.test.ts',
  'src/cli/broker.test.ts',
  'test/security/login-flood.test.ts',
  'src/seed/demo-data.test.ts',
  'src/modules/shipments/shipments.repository.test.ts',
  'test/crash-webhook.test.ts',
  'src/modules/shipments/shipments.routes.test.ts',
  'src/cli/broker-import.test.ts',
  'src/modules/auth/auth.routes.test.ts',
  'src/lib/request-guards.test.ts',
  'test/object-storage.test.ts',
  'src/modules/invoices/invoices-keyset.routes.test.ts',
];

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(path.relative(file.project.config.root, file.moduleId).replaceAll('\\', '/'));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
