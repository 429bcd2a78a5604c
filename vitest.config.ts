import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Vitest has its own config so it never loads the React Router plugin or the Playwright specs.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["app/**/*.test.ts", "app/**/*.test.tsx", "db/**/*.test.ts", "locales/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/vitest.global-setup.ts"],
    setupFiles: ["tests/vitest.setup.ts"],
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine. The test
    // files wait on their databases' disk and on PostgreSQL as much as they compute, so two workers
    // there take about half the time (bench/MEASURED.md, "CI time, second pass").
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
  },
});
