import { defineConfig } from "@playwright/test";
import { chromiumFlags, testBrowserPath } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON ?? "test-results/playwright.json" }]],
  use: {
    baseURL,
    // A trace only when a test is retried (CI retries once; locally, `--trace on`): recording one for
    // every test, to keep it on failure, made the suite about a third slower (bench/MEASURED.md).
    trace: "on-first-retry",
    launchOptions: {
      executablePath: testBrowserPath(),
      args: [...chromiumFlags, "--disable-quic"],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "nojs", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node server.js",
    url: `${baseURL}/robots.txt`,
    reuseExistingServer: false,
    timeout: 60_000,
    // The server's stdout is its audit trail, one JSON line per sign-in and change: not the tests' output
    // (errors still come through stderr).
    stdout: "ignore",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: baseURL,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "file:./data/e2e/app.db",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
      ADMIN_USERNAME: "e2e-admin",
      ADMIN_PASSWORD: "e2e-password-long-enough",
      VERIFY_RATE_LIMIT: "100000",
      CONTACT_RATE_LIMIT: "100000",
      LOGIN_RATE_LIMIT: "100000",
      CODE_READ_RATE_LIMIT: "100000",
      REPORT_RATE_LIMIT: "100000",
      REGISTRATION_RATE_LIMIT: "100000",
      // One proxy hop is trusted, so a journey can check from a second client (and country) with
      // X-Forwarded-For; requests without it are the loopback client, as before.
      TRUST_PROXY: "1",
      // Short-lived access tokens, so the journeys also exercise the transparent refresh.
      ACCESS_TOKEN_TTL_SECONDS: "20",
      // Managed webhooks (decision 160): the journey's own receiver listens on loopback over http.
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOW_PRIVATE: "127.0.0.1",
      // New contact messages are "mailed" here: without SMTP_URL, written to the data folder, and the
      // contacts screen says so.
      CONTACT_NOTIFY_EMAIL: "care@lunara.example",
      // One access-log line per request would bury the test output; warnings and errors still show.
      LOG_LEVEL: "warn",
    },
  },
});
