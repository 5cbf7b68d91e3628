/**
 * How long a connection to the tests' PostgreSQL server may take to open: on a machine that other
 * work keeps busy, more than the app's 2 s (DATABASE_CONNECT_TIMEOUT_MS). The test apps and the
 * template's seed use it, and vitest.config.ts gives it to the servers and command lines the tests
 * start. A module of its own, so that the configuration reads it without loading the app.
 */
export const TEST_CONNECT_TIMEOUT_MS = 30_000;
