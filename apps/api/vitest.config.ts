import { configDefaults, defineConfig } from 'vitest/config';
import { TEST_CONNECT_TIMEOUT_MS } from './test/connect-timeout.ts';
import LongestFirstSequencer from './test/sequencer.ts';

/**
 * The second pass, on PostgreSQL (TEST_DATABASE_URL), leaves out the files whose subject is not the
 * database: pure functions, the module boundaries, the configuration, the input fuzzer (its requests
 * end in the same engine's answers as on PGlite; 2.5 minutes of the pass), and the HTTP surface that
 * answers before or beside any statement: headers, compression, the body guards, the API description,
 * the refusals of control characters, line breaks and addresses, the file store (local and S3), the
 * typed broker client and the deployment check.
 */
const NOT_ABOUT_THE_DATABASE = [
  'src/**/*.rules.test.ts',
  'src/lib/{common-passwords,display-dates,file-names,file-type,html-markup,mail,mail-html,passwords,pdf,queue-worker}.test.ts',
  'src/lib/request-guards.test.ts',
  'src/modules/{invoices,shipments}/*.repository.test.ts',
  'src/{config,compression}.test.ts',
  'src/plugins/api-docs.test.ts',
  'src/cli/check-deploy.test.ts',
  'test/lint/**',
  'test/security/{fuzz,headers,control-characters,one-line-fields,email-addresses}.test.ts',
  'test/{object-storage,storage.suite,broker-client}.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? NOT_ABOUT_THE_DATABASE : [])],
    // The limits stop a hang; a machine that other work shares runs a test several times slower than alone.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
    // The files of a worker share its modules: each file importing the whole app anew cost a minute a run.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
    // The files of a minute or more start first (test/sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    env: {
      // Cheaper password hashes (2^12 instead of 2^17): the suites log in thousands of times.
      PASSWORD_HASH_COST: '12',
      // The servers and command lines the tests start wait for a connection as the test apps do.
      DATABASE_CONNECT_TIMEOUT_MS: String(TEST_CONNECT_TIMEOUT_MS),
    },
  },
});
