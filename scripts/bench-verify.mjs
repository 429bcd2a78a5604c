// `npm run bench:verify`: sustained verification throughput and p99 latency over the JSON API,
// against a static file served by the same server in the same run; the ratio is printed last.
//
// Starts the production build (building it when missing; `--build` forces a build) on a fresh
// SQLite database on a loopback port, seeds fresh codes so every request consumes a real one,
// warms up, then drives each target with autocannon for a fixed time. Bounded: it stops itself.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { bin, run } from "./run.mjs";

const root = new URL("..", import.meta.url).pathname;
const DURATION = Number(process.env.BENCH_DURATION ?? 10); // seconds per measured run
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CODES = Number(process.env.BENCH_CODES ?? 150_000);
const HARD_LIMIT_MS = (WARMUP * 2 + DURATION * 2 + 120) * 1000;

const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

/** Unique 10-character codes (longer than the printed 8, so they can never collide with real ones). */
function seedCodes(databasePath, count) {
  const db = new Database(databasePath);
  db.pragma("busy_timeout = 5000");
  const insert = db.prepare("INSERT INTO codes (id, code, product_id, status, created_at, expired_at, verified_at) VALUES (?, ?, ?, 'active', ?, NULL, NULL)");
  const codes = [];
  const now = new Date().toISOString();
  const seen = new Set();
  db.transaction(() => {
    while (codes.length < count) {
      let code = "BN";
      for (let i = 0; i < 8; i++) code += ALPHABET[Math.floor(Math.random() * ALPHABET.length)];
      if (seen.has(code)) continue;
      seen.add(code);
      insert.run(randomUUID(), code, "bench-product", now);
      codes.push(code);
    }
  })();
  db.close();
  return codes;
}

function cannon(options) {
  return autocannon({ connections: CONNECTIONS, pipelining: 1, ...options });
}

const summarize = (result) => ({
  rps: result.requests.average,
  p99: result.latency.p99,
  ok: result["2xx"],
  other: result.non2xx + result.errors + result.timeouts,
});

async function main() {
  if (process.argv.includes("--build") || !existsSync(join(root, "build/server/index.js"))) {
    console.log("Building the production bundle…");
    if ((await run(bin("react-router"), ["build"], { cwd: root })) !== 0) throw new Error("build failed");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "bench-verify-"));
  const databasePath = join(dataDir, "app.db");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.js"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: base,
      DATABASE_URL: `file:${databasePath}`,
      DATA_DIR: dataDir,
      VERIFY_RATE_LIMIT: "100000000",
      ADMIN_USERNAME: "bench-admin",
      ADMIN_PASSWORD: "bench-password-long-enough",
    },
  });
  const stop = () => {
    if (server.exitCode === null) server.kill("SIGTERM");
  };
  const guard = setTimeout(() => {
    console.error("Benchmark exceeded its time limit: stopping.");
    stop();
    process.exit(1);
  }, HARD_LIMIT_MS);
  guard.unref();

  try {
    await waitFor(`${base}/robots.txt`);
    const codes = seedCodes(databasePath, CODES);
    let next = 0;
    // Each request checks the next fresh code, so every answer is a real consume (valid) until the
    // seeded codes run out; then they repeat and answer "used" (still a full check and scan).
    const verifyRequest = {
      method: "POST",
      path: "/api/v1/codes/verify/",
      headers: { "content-type": "application/json", accept: "application/json" },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: codes[next++ % codes.length] }) }),
    };
    const staticPath = "/favicon.svg";

    console.log(`Server ${base}, ${codes.length} fresh codes, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each.`);
    await cannon({ url: base, requests: [verifyRequest], duration: WARMUP });
    const consumedInWarmup = next;
    const verify = summarize(await cannon({ url: base, requests: [verifyRequest], duration: DURATION }));
    const measuredChecks = next - consumedInWarmup;

    await cannon({ url: `${base}${staticPath}`, duration: WARMUP });
    const staticFile = summarize(await cannon({ url: `${base}${staticPath}`, duration: DURATION }));

    // For reading the numbers: a JSON route through the same framework stack without the database.
    const baselinePath = "/api/v1/products/";
    const baseline = summarize(await cannon({ url: `${base}${baselinePath}`, duration: Math.max(3, Math.round(DURATION / 2)) }));

    const db = new Database(databasePath, { readonly: true });
    const outcomes = db.prepare("SELECT outcome, count(*) AS n FROM scans GROUP BY outcome").all();
    db.close();

    const fmt = (n) => n.toLocaleString("en-US", { maximumFractionDigits: 1 });
    console.log("");
    console.log(`verify  POST /api/v1/codes/verify/  ${fmt(verify.rps)} req/s  p99 ${verify.p99} ms  (${verify.ok} 2xx, ${verify.other} other; ${measuredChecks} checks measured)`);
    console.log(`static  GET ${staticPath}               ${fmt(staticFile.rps)} req/s  p99 ${staticFile.p99} ms  (${staticFile.ok} 2xx, ${staticFile.other} other)`);
    console.log(`(framework baseline, no database: GET ${baselinePath} ${fmt(baseline.rps)} req/s, p99 ${baseline.p99} ms)`);
    console.log(`load average during the run: ${loadavg().map((n) => n.toFixed(1)).join(" ")} on ${cpus().length} CPUs`);
    console.log(`scans recorded: ${outcomes.map((o) => `${o.outcome} ${o.n}`).join(", ")}`);
    if (verify.other > 0 || staticFile.other > 0) console.log("warning: some requests did not answer 2xx");
    console.log(`ratio verify/static: ${(verify.rps / staticFile.rps).toFixed(3)}`);
  } finally {
    stop();
    await new Promise((resolve) => (server.exitCode !== null ? resolve() : server.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench:verify failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
