// `npm run bench:growth`: does an admin page get slower as codes pile up? For 0, 10 000 and
// 1 000 000 codes (GROWTH_COUNTS="0,10000,1000000"), seeds a fresh database with `npm run
// seed:codes` (30 % expired), starts the production build on it, signs in through the API and times
// the codes list API (both tabs: first, middle and last page), the admin codes page (first and last
// page) and the dashboard overview (API and page): median and p95 of GROWTH_SAMPLES sequential
// requests after a warm-up. Also prints the query plans of the list and count queries. Then the scan
// log's part (bench/growth-scans.mjs): GROWTH_SCANS scans (default 5 000 000; 0 skips it), the
// dashboard's analytics and the scan log's first page, and what brand protection adds to a check.
// Written to bench/results/growth.json. Loopback only; bounded in time.
import { join } from "node:path";
import { bin, run } from "./run.mjs";
import { ensureBuild, fmt, login, machine, openDb, rmSync, root, startServer, tempDir, timeLimit, writeResult } from "../bench/lib.mjs";
import { measureScanLog } from "../bench/growth-scans.mjs";

const COUNTS = (process.env.GROWTH_COUNTS ?? "0,10000,1000000").split(",").map(Number);
/** The scan log's size for its part (0 skips it). */
const SCANS = Number(process.env.GROWTH_SCANS ?? 5_000_000);
const SAMPLES = Number(process.env.GROWTH_SAMPLES ?? 15);
const WARMUP = 3;
const EXPIRED_SHARE = 0.3;

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function time(base, path, headers) {
  for (let i = 0; i < WARMUP; i++) await (await fetch(base + path, { headers })).arrayBuffer();
  const samples = [];
  let status = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const response = await fetch(base + path, { headers, redirect: "manual" });
    await response.arrayBuffer();
    samples.push(performance.now() - t0);
    status = response.status;
  }
  samples.sort((a, b) => a - b);
  return { status, medianMs: Math.round(quantile(samples, 0.5) * 10) / 10, p95Ms: Math.round(quantile(samples, 0.95) * 10) / 10 };
}

/** The plans of the queries behind the lists and counts, as the server's query builder writes them. */
function plans(databasePath) {
  const db = openDb(databasePath, { readonly: true });
  const explain = (sql, ...args) => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args).map((r) => r.detail).join("; ");
  const list = (active, dir) =>
    `select * from "codes" where ("status" = 'active') = ${active} order by "created_at" ${dir}, "id" ${dir} limit ? offset ?`;
  const out = {
    "codes list, Active tab": explain(list("true", "desc"), 10, 0),
    "codes list, Expired tab": explain(list("false", "desc"), 10, 0),
    "codes list, past the middle (read from the oldest end)": explain(list("false", "asc"), 10, 0),
    "code counts": explain(`select "status", "n" from "code_counts"`),
    "contacts count": explain(`select count(*) as "count" from "contacts"`),
    "verify (consume)": explain(`update "codes" set "status" = ?, "verified_at" = ? where "code" = ? and "status" = ?`, "expired", "x", "X", "active"),
  };
  db.close();
  return out;
}

async function main() {
  await ensureBuild();
  const guard = timeLimit((SCANS > 0 ? 60 : 15) * 60_000);
  const rows = [];
  let queryPlans;
  for (const count of COUNTS) {
    const dataDir = tempDir("growth");
    const databasePath = join(dataDir, "app.db");
    const seedStart = Date.now();
    const code = await run(bin("tsx"), ["scripts/seed-codes.ts", "--count", String(count), "--db", `file:${databasePath}`, "--expired", String(EXPIRED_SHARE)], { cwd: root });
    if (code !== 0) throw new Error(`seeding ${count} codes failed`);
    const seedSeconds = (Date.now() - seedStart) / 1000;
    const server = await startServer({ dataDir });
    try {
      const { access, cookie } = await login(server.base);
      const api = { authorization: `Bearer ${access}`, accept: "application/json" };
      const page = { cookie, accept: "text/html" };
      const active = Math.round(count * (1 - EXPIRED_SHARE));
      const expired = count - active;
      const last = (n) => Math.max(1, Math.ceil(n / 10));
      const mid = (n) => Math.max(1, Math.ceil(last(n) / 2));
      const targets = [
        ["API list Active p1", `/api/v1/codes/list/?status=active&page=1`, api],
        [`API list Active middle`, `/api/v1/codes/list/?status=active&page=${mid(active)}`, api],
        [`API list Active last`, `/api/v1/codes/list/?status=active&page=${last(active)}`, api],
        ["API list Expired p1", `/api/v1/codes/list/?status=expired&page=1`, api],
        [`API list Expired middle`, `/api/v1/codes/list/?status=expired&page=${mid(expired)}`, api],
        [`API list Expired last`, `/api/v1/codes/list/?status=expired&page=${last(expired)}`, api],
        ["codes page Active p1", `/admin/dashboard/codes?status=active&page=1`, page],
        [`codes page Active middle`, `/admin/dashboard/codes?status=active&page=${mid(active)}`, page],
        [`codes page Expired last`, `/admin/dashboard/codes?status=expired&page=${last(expired)}`, page],
        ["API overview", `/api/v1/general/dashboard/overview/`, api],
        ["dashboard page", `/admin/dashboard`, page],
      ];
      const timings = {};
      for (const [name, path, headers] of targets) {
        const t = await time(server.base, path, headers);
        if (t.status !== 200) throw new Error(`${path} answered ${t.status} with ${count} codes`);
        timings[name] = t;
      }
      // The counts the API reports must be the real ones.
      const body = await (await fetch(`${server.base}/api/v1/codes/list/?status=expired&page=${last(expired)}`, { headers: api })).json();
      const db = openDb(databasePath, { readonly: true });
      const real = db.prepare(`SELECT sum(status = 'active') AS active, sum(status != 'active') AS expired FROM codes`).get();
      db.close();
      const countsOk = body.data.counts.active === (real.active ?? 0) && body.data.counts.expired === (real.expired ?? 0);
      if (!countsOk) throw new Error(`counts ${JSON.stringify(body.data.counts)} differ from the table ${JSON.stringify(real)}`);
      if (count === COUNTS[COUNTS.length - 1]) queryPlans = plans(databasePath);
      rows.push({ codes: count, seedSeconds: Math.round(seedSeconds * 10) / 10, lastPageRows: body.data.codes.length, timings });
      console.log(`${fmt(count, 0).padStart(9)} codes (seeded in ${fmt(seedSeconds)} s): ` + Object.entries(timings).map(([k, v]) => `${k} ${v.medianMs} ms`).join(", "));
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const scanLog = SCANS > 0 ? await measureScanLog({ count: SCANS, samples: SAMPLES }) : null;
  clearTimeout(guard);

  console.log("");
  const names = Object.keys(rows[0].timings);
  console.log(`${"median ms (p95)".padEnd(26)}${rows.map((r) => `${fmt(r.codes, 0)} codes`.padStart(18)).join("")}`);
  for (const name of names) {
    console.log(`${name.padEnd(26)}${rows.map((r) => `${r.timings[name].medianMs} (${r.timings[name].p95Ms})`.padStart(18)).join("")}`);
  }
  console.log("\nquery plans with the largest database:");
  for (const [k, v] of Object.entries(queryPlans ?? {})) console.log(`  ${k}: ${v}`);
  const file = writeResult("growth.json", {
    date: new Date().toISOString(),
    command: `GROWTH_COUNTS=${COUNTS.join(",")} GROWTH_SCANS=${SCANS} GROWTH_SAMPLES=${SAMPLES} npm run bench:growth`,
    machine: machine(),
    expiredShare: EXPIRED_SHARE,
    samplesPerTarget: SAMPLES,
    rows,
    queryPlans,
    scanLog,
  });
  console.log(`written to ${file}`);
}

main().catch((error) => {
  console.error(`bench:growth failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
