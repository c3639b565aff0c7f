import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["src/**/*.test.{ts,tsx}", "api/**/*.test.ts", "contract/**/*.test.ts", "scripts/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "api",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/support/server-build.global.ts"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          environment: "node",
          include: ["tests/browser/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 60_000,
          // Two cores: one Chromium at a time keeps timings honest and the machine responsive.
          fileParallelism: false,
        },
      },
    ],
  },
});
