import { configDefaults, defineConfig } from "vitest/config";

const UNIT_TESTS = [
  "src/**/*.test.{ts,tsx}",
  "api/**/*.test.ts",
  "contract/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/unit/**/*.test.ts",
];

/**
 * Unit test files that need modules of their own: a module a file mocks (vi.mock) stays mocked in the
 * modules the file imported, for every later file of the worker; a file that resets the module
 * registry or checks a module's state at first import needs it fresh.
 */
export const UNIT_TESTS_NEEDING_FRESH_MODULES = [
  // vi.mock
  "src/ordering/cart/cart-sync.test.ts",
  "src/ordering/outbox/order-submission.test.ts",
  "api/site/site-renderer.test.ts",
  // vi.resetModules
  "src/shared/i18n/i18n.test.ts",
  // the client's routes before the staff code adds its own
  "src/shared/api-client.test.ts",
];

export default defineConfig({
  test: {
    // Databases opened by the tests (and servers they spawn) refuse a transaction inside another
    // (api/db/database.ts); a normal start leaves that guard off, for speed.
    env: { TRANSACTION_NESTING_GUARD: "1" },
    // Vitest's default leaves one core free; most API test time is spent waiting on a server, a
    // database or a password hash, so two files at a time use a 2-core machine fully.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, ...UNIT_TESTS_NEEDING_FRESH_MODULES],
          // Each worker imports the modules once for all its files, not once per file: the unit run's
          // time was more than half imports (docs/quality/test-time.md). Files that mock or re-import
          // modules run in "unit-isolated".
          isolate: false,
        },
      },
      {
        test: {
          name: "unit-isolated",
          environment: "node",
          include: UNIT_TESTS_NEEDING_FRESH_MODULES,
        },
      },
      {
        test: {
          name: "api",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/server-build.global.ts"],
          // Each worker imports the server and the helpers once, not once per file; every file starts its own servers.
          isolate: false,
          testTimeout: 30_000,
          // A server per file starts while the other worker's file runs: slow on two busy cores.
          hookTimeout: 30_000,
        },
      },
      {
        // The same API tests on PostgreSQL: each server gets a throwaway database (tests/support/test-server.ts).
        // Left out: tests of SQLite itself, of the two dialects' own harnesses, and of what no database touches.
        test: {
          name: "api-postgres",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          exclude: [
            "tests/api/database-*.test.ts",
            "tests/api/crash-exactly-once.test.ts",
            "tests/api/response-head.test.ts",
            "tests/api/http-layer-errors.test.ts",
            "tests/api/keep-alive-after-refusal.test.ts",
            // Cookies and HTTPS, and the throttle's limits with real password hashing: no query differs by
            // database (the throttle's statements run on PostgreSQL in auth-throttle and multi-instance).
            "tests/api/auth-transport.test.ts",
            "tests/api/auth-throttle-limits.test.ts",
            // Headers, the cross-site check, body limits and the order a request's parts are read in:
            // decided before any query, the same whatever the database.
            "tests/api/security.test.ts",
            "tests/api/request-parsing.test.ts",
            "tests/api/secret-answers.test.ts",
            "tests/api/slow-clients.test.ts",
            // Start-up and the staff command on a SQLite file of their own: the policy runs before any database.
            "tests/api/password-policy-paths.test.ts",
            // Stopping a server whose log reader has gone: the logger's, on a SQLite file of its own.
            "tests/api/shutdown.test.ts",
            // The Nu HTML Checker reads pages whose markup no database changes (tests/api/site-pages.test.ts runs on both).
            "tests/api/site-html-valid.test.ts",
            // These start their own instances on their own PostgreSQL database already.
            "tests/api/multi-instance.test.ts",
            "tests/api/deploy-nginx.test.ts",
          ],
          env: { TEST_DATABASE: "postgres" },
          globalSetup: ["tests/support/server-build.global.ts", "tests/support/postgres-template.global.ts"],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          environment: "node",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // Two files at a time, each with its worker's Chromium and its own test server: one file keeps
          // about one core busy, so one at a time left the other core idle. No test may depend on how
          // fast a page draws (docs/quality/test-time.md).
          // Each worker imports the server, Playwright and the helpers once for all its files, not once per file.
          isolate: false,
          // The page draws after the test's action, in its own time: every read of it is an expect.poll,
          // and the default second is too short on two busy cores.
          expect: { poll: { timeout: 5_000 } },
        },
      },
    ],
  },
});
