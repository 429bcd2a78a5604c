// `npm run bench:growth`: does an admin page get slower as codes pile up? For 0, 10 000 and
// 1 000 000 codes (GROWTH_COUNTS="0,10000,1000000") in GROWTH_BATCHES print runs (50 by default),
// seeds a fresh database with `npm run seed:codes` (30 % expired), starts the production build on it,
// signs in through the API and times the codes list API (both tabs: first, middle and last page),
// the admin codes page (first and last page), the dashboard overview (API and page), a shopper's
// verification (each sample checks a fresh active code), the print-run list (API and page), a run's
// page, the codes list filtered by run and an exact-code search: median and p95 of GROWTH_SAMPLES
// sequential requests after a warm-up. Also prints the query plans of the list and count queries.
// Then the scan log's part (bench/growth-scans.mjs): GROWTH_SCANS scans (default 5 000 000; 0 skips
// it), the dashboard's analytics and the scan log's first page, and what brand protection adds to a
// check. Written to bench/results/growth.json. Loopback only; bounded in time.
import { readFileSync } from "node:fs";
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
const BATCHES = Number(process.env.GROWTH_BATCHES ?? 50);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Times GETs of `path`, or POSTs of each of `bodies` in turn (a check consumes its code). */
async function time(base, path, headers, bodies = null) {
  const send = (i) =>
    bodies
      ? fetch(base + path, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(bodies[i % bodies.length]) })
      : fetch(base + path, { headers, redirect: "manual" });
  for (let i = 0; i < WARMUP; i++) await (await send(i)).arrayBuffer();
  const samples = [];
  let status = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const response = await send(WARMUP + i);
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
    "verify (consume)": explain(`update "codes" set "status" = ?, "verified_at" = ? where "code_hash" = ? and "status" = ?`, "expired", "x", "X", "active"),
    "runs list": explain(`select * from "batches" order by "created_at" desc, "id" desc limit ? offset ?`, 10, 0),
    "codes of a run, one tab": explain(`select * from "codes" where "batch_id" = ? and ("status" = 'active') = false order by "serial" asc limit ? offset ?`, "x", 10, 0),
    "exact code": explain(`select * from "codes" where "code_hash" = ?`, "x"),
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
    const { dataDir, databasePath, activeFile, seedSeconds } = await seedDatabase(count);
    // One process, as the figures before the cluster were measured (their timings compare).
    const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1" } });
    try {
      const { lastPageRows, timings } = await measure(server, count, { databasePath, activeFile });
      if (count === COUNTS[COUNTS.length - 1]) queryPlans = plans(databasePath);
      rows.push({ codes: count, seedSeconds: Math.round(seedSeconds * 10) / 10, lastPageRows, timings });
      console.log(`${fmt(count, 0).padStart(9)} codes (seeded in ${fmt(seedSeconds)} s): ` + Object.entries(timings).map(([k, v]) => `${k} ${v.medianMs} ms`).join(", "));
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const scanLog = SCANS > 0 ? await measureScanLog({ count: SCANS, samples: SAMPLES }) : null;
  clearTimeout(guard);
  printTable(rows, queryPlans);
  const file = writeResult("growth.json", {
    date: new Date().toISOString(),
    command: `GROWTH_COUNTS=${COUNTS.join(",")} GROWTH_BATCHES=${BATCHES} GROWTH_SCANS=${SCANS} GROWTH_SAMPLES=${SAMPLES} npm run bench:growth`,
    batches: BATCHES,
    machine: machine(),
    expiredShare: EXPIRED_SHARE,
    samplesPerTarget: SAMPLES,
    rows,
    queryPlans,
    scanLog,
  });
  console.log(`written to ${file}`);
}

/** A fresh database with `count` codes seeded by `npm run seed:codes`; its active codes listed in a file. */
async function seedDatabase(count) {
  const dataDir = tempDir("growth");
  const databasePath = join(dataDir, "app.db");
  const seedStart = Date.now();
  const activeFile = join(dataDir, "active.txt");
  const code = await run(
    bin("tsx"),
    ["scripts/seed-codes.ts", "--count", String(count), "--db", `file:${databasePath}`, "--expired", String(EXPIRED_SHARE), "--batches", String(BATCHES), "--active-out", activeFile],
    { cwd: root },
  );
  if (code !== 0) throw new Error(`seeding ${count} codes failed`);
  const seedSeconds = (Date.now() - seedStart) / 1000;
  return { dataDir, databasePath, activeFile, seedSeconds };
}

/** The last page of a list of `n` codes, ten a page, and the middle one. */
const last = (n) => Math.max(1, Math.ceil(n / 10));
const mid = (n) => Math.max(1, Math.ceil(last(n) / 2));

/** Times every target on a server holding `count` codes and checks the counts the API reports. */
async function measure(server, count, { databasePath, activeFile }) {
  const { access, cookie } = await login(server.base);
  const api = { authorization: `Bearer ${access}`, accept: "application/json" };
  const page = { cookie, accept: "text/html" };
  const active = Math.round(count * (1 - EXPIRED_SHARE));
  const expired = count - active;
  const targets = targetsFor({ count, active, expired, databasePath, activeFile, api, page });
  const timings = {};
  for (const [name, path, headers, bodies] of targets) {
    const t = await time(server.base, path, headers, bodies);
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
  return { lastPageRows: body.data.codes.length, timings };
}

/** What is timed: the codes lists and pages, the dashboard, a shopper's check, the print runs. */
function targetsFor({ count, active, expired, databasePath, activeFile, api, page }) {
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
  // A shopper's check: a fresh active code each time (an unknown one when there are none).
  const fresh = count > 0 ? readFileSync(activeFile, "utf8").split("\n").filter(Boolean) : ["NONE2345"];
  targets.push(["verify API (fresh code)", "/api/v1/codes/verify/", { accept: "application/json" }, fresh.map((c) => ({ code: c }))]);
  // Print runs: the list, and the middle run of the database (its page, its codes by tab, an exact search).
  targets.push(["API runs list p1", `/api/v1/batches/list/?page=1`, api], ["runs page", `/admin/dashboard/batches`, page]);
  if (count > 0) {
    const seeded = openDb(databasePath, { readonly: true });
    const middle = seeded.prepare("SELECT id, quantity, active_count, used_count + expired_count + revoked_count AS ended FROM batches ORDER BY created_at LIMIT 1 OFFSET ?").get(Math.floor(BATCHES / 2));
    seeded.close();
    const one = fresh[fresh.length - 1];
    targets.push(
      ["run page", `/admin/dashboard/batches/${middle.id}`, page],
      ["API codes of a run p1", `/api/v1/codes/list/?batch=${middle.id}`, api],
      ["API codes of a run, Expired last", `/api/v1/codes/list/?batch=${middle.id}&status=expired&page=${last(middle.ended)}`, api],
      ["codes page of a run", `/admin/dashboard/codes?batch=${middle.id}`, page],
      ["API exact code", `/api/v1/codes/list/?code=${one}`, api],
    );
  }
  return targets;
}

/** The table of medians (p95) per target and database size, and the query plans. */
function printTable(rows, queryPlans) {
  console.log("");
  const names = Object.keys(rows[rows.length - 1].timings);
  console.log(`${"median ms (p95)".padEnd(26)}${rows.map((r) => `${fmt(r.codes, 0)} codes`.padStart(18)).join("")}`);
  for (const name of names) {
    console.log(`${name.padEnd(34)}${rows.map((r) => (r.timings[name] ? `${r.timings[name].medianMs} (${r.timings[name].p95Ms})` : "—").padStart(18)).join("")}`);
  }
  console.log("\nquery plans with the largest database:");
  for (const [k, v] of Object.entries(queryPlans ?? {})) console.log(`  ${k}: ${v}`);
}

main().catch((error) => {
  console.error(`bench:growth failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
