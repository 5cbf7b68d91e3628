import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files that keep a worker busy for a minute or more, longest first (measured on PGlite). Started
 * first, they end while the short files fill the other worker, instead of starting last and leaving
 * the run waiting on them with one worker idle. Vitest's own order goes by the last run's durations,
 * which a fresh clone (CI) does not have, and then by file size.
 */
export const LONGEST_FILES = [
  'src/seed/demo-data.test.ts',
  'test/security/fuzz.test.ts',
  'src/cli/broker.test.ts',
  'test/crash-upload.test.ts',
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
