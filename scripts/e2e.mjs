// Browser tests: makes sure Chromium exists, builds the production bundle, then runs Playwright
// against a fresh SQLite database. Extra arguments go to Playwright (e.g. a spec file or --project=js).
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bin, run } from "./run.mjs";

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * E2E_PORT (default 3100), or the next free port above it: on a machine shared with other servers,
 * a port someone else holds would make Playwright refuse to start ("already used").
 */
async function e2ePort() {
  const wanted = Number(process.env.E2E_PORT ?? 3100);
  for (let port = wanted; port < wanted + 100; port++) if (await portFree(port)) return port;
  return wanted;
}

export async function runE2E(extraArgs = [], env = {}) {
  if ((await run("node", [new URL("./ensure-chromium.mjs", import.meta.url).pathname])) !== 0) return 1;
  if (!(env.E2E_SKIP_BUILD ?? process.env.E2E_SKIP_BUILD) && (await run(bin("react-router"), ["build"])) !== 0) return 1;
  const dataDir = mkdtempSync(join(tmpdir(), "e2e-db-"));
  try {
    return await run(bin("playwright"), ["test", ...extraArgs], {
      env: { E2E_DATABASE_URL: `file:${join(dataDir, "app.db")}`, E2E_DATA_DIR: dataDir, E2E_PORT: String(await e2ePort()), ...env },
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(await runE2E(process.argv.slice(2)));
}
