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
    testTimeout: 20_000,
  },
});
