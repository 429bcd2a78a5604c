// The scan log's part of `npm run bench:growth` (GROWTH_SCANS, default 5 000 000): seeds a fresh
// database with that many scans over 400 days (`npm run seed:scans`), starts the production build on
// it and times the dashboard's analytics (API and page), the first page of the scan log (API and page,
// unfiltered and with each filter), the alerts and reports lists; prints the query plans of the log's
// list and count queries; then measures, in process on the same database, what brand protection
// adds to a shopper's check (scripts/bench-signals.ts).
import { join } from "node:path";
import { bin, run } from "../scripts/run.mjs";
import { fmt, login, openDb, rmSync, root, startServer, tempDir } from "./lib.mjs";

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function time(base, path, headers, samples) {
  for (let i = 0; i < 3; i++) await (await fetch(base + path, { headers })).arrayBuffer();
  const ms = [];
  let status = 0;
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const response = await fetch(base + path, { headers, redirect: "manual" });
    await response.arrayBuffer();
    ms.push(performance.now() - t0);
    status = response.status;
  }
  ms.sort((a, b) => a - b);
  return { status, medianMs: Math.round(quantile(ms, 0.5) * 10) / 10, p95Ms: Math.round(quantile(ms, 0.95) * 10) / 10 };
}

function plans(databasePath, productId, retainedFrom) {
  const db = openDb(databasePath, { readonly: true });
  const explain = (sql, ...args) => db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args).map((r) => r.detail).join("; ");
  const list = (where) => `select * from "scans" where "created_at" >= ? ${where} order by "created_at" desc, "id" desc limit ? offset ?`;
  const out = {
    "scan log, no filter": explain(list(""), retainedFrom, 10, 0),
    "scan log, outcome": explain(list(`and "outcome" = ?`), retainedFrom, "used", 10, 0),
    "scan log, product": explain(list(`and "product_id" = ?`), retainedFrom, productId, 10, 0),
    "scan log, country": explain(list(`and "country" = ?`), retainedFrom, "SA", 10, 0),
    "scan log, batch": explain(list(`and "batch_id" = ?`), retainedFrom, "bench-batch-7", 10, 0),
    "scan log count (daily aggregates)": explain(`select sum("n") as "n" from "scan_daily" where "dim" = ? and "value" = ? and "day" >= ?`, "country", "SA", retainedFrom.slice(0, 10)),
    "scan log count, product and country (the log)": explain(`select count(*) as "n" from "scans" where "created_at" >= ? and "product_id" = ? and "country" = ?`, retainedFrom, productId, "SA"),
    "dashboard ranking (one dimension, 30 days)": explain(`select "value", "outcome", sum("n") from "scan_daily" where "dim" = ? and "day" >= ? and "day" <= ? group by "value", "outcome"`, "batch", "2026-01-01", "2026-01-30"),
    "unknown codes in the last hour (guessing)": explain(`select "id" from "scans" where "outcome" = ? and "created_at" > ? limit ?`, "unknown", retainedFrom, 201),
  };
  db.close();
  return out;
}

export async function measureScanLog({ count, samples }) {
  const dataDir = tempDir("growth-scans");
  const databasePath = join(dataDir, "app.db");
  const seedStart = Date.now();
  const code = await run(bin("tsx"), ["scripts/seed-scans.ts", "--count", String(count), "--db", `file:${databasePath}`], { cwd: root });
  if (code !== 0) throw new Error(`seeding ${count} scans failed`);
  const seedSeconds = Math.round((Date.now() - seedStart) / 100) / 10;
  const db = openDb(databasePath, { readonly: true });
  const product = db.prepare(`SELECT value FROM scan_daily WHERE dim = 'product' GROUP BY value ORDER BY sum(n) DESC LIMIT 1`).get().value;
  const stored = db.prepare("SELECT count(*) AS n FROM scans").get().n;
  db.close();
  const week = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const retainedFrom = `${new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000Z`;

  const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1" } });
  let timings = {};
  let firstPage = null;
  try {
    const { access, cookie } = await login(server.base);
    const api = { authorization: `Bearer ${access}`, accept: "application/json" };
    const page = { cookie, accept: "text/html" };
    const targets = [
      ["API analytics, 30 days", "/api/v1/analytics/overview/?days=30", api],
      ["API analytics, 365 days", "/api/v1/analytics/overview/?days=365", api],
      ["dashboard page", "/admin/dashboard", page],
      ["API scan log p1", "/api/v1/scans/list/", api],
      ["API scan log p1, outcome", "/api/v1/scans/list/?outcome=used", api],
      ["API scan log p1, product", `/api/v1/scans/list/?product_id=${product}`, api],
      ["API scan log p1, print run", "/api/v1/scans/list/?batch=bench-batch-7", api],
      ["API scan log p1, country", "/api/v1/scans/list/?country=SA", api],
      ["API scan log p1, last 7 days", `/api/v1/scans/list/?from=${week}`, api],
      ["API scan log p1, outcome + country + dates", `/api/v1/scans/list/?outcome=unknown&country=AE&from=${week}`, api],
      ["API scan log p1, product + country", `/api/v1/scans/list/?product_id=${product}&country=SA`, api],
      ["scan log page p1", "/admin/dashboard/scans", page],
      ["scan log page p1, country + outcome", "/admin/dashboard/scans?country=SA&outcome=used", page],
      ["API alerts list", "/api/v1/alerts/list/", api],
      ["API reports list", "/api/v1/reports/list/", api],
    ];
    for (const [name, path, headers] of targets) {
      const t = await time(server.base, path, headers, samples);
      if (t.status !== 200) throw new Error(`${path} answered ${t.status} with ${count} scans`);
      timings[name] = t;
    }
    const body = await (await fetch(`${server.base}/api/v1/scans/list/`, { headers: api })).json();
    firstPage = { rows: body.data.scans.length, total_count: body.pagination.total_count };
    if (body.pagination.total_count !== stored) throw new Error(`the log counts ${body.pagination.total_count} scans, the table holds ${stored}`);
  } finally {
    await server.stop();
  }
  const queryPlans = plans(databasePath, product, retainedFrom);

  // What protection adds to a check, in process, on the same five million scans.
  let signals = null;
  const out = [];
  const { spawn } = await import("node:child_process");
  await new Promise((resolve, reject) => {
    const child = spawn(bin("tsx"), ["scripts/bench-signals.ts", "--db", `file:${databasePath}`], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.on("data", (chunk) => out.push(chunk));
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`bench-signals exited with ${code}`))));
  });
  signals = JSON.parse(Buffer.concat(out).toString("utf8").trim().split("\n").pop());
  rmSync(dataDir, { recursive: true, force: true });

  console.log(`\n${fmt(count, 0)} scans (seeded in ${seedSeconds} s), median (p95) of ${samples} requests, ms:`);
  for (const [name, t] of Object.entries(timings)) console.log(`  ${name.padEnd(44)} ${String(t.medianMs).padStart(7)} (${t.p95Ms})`);
  console.log("query plans:");
  for (const [k, v] of Object.entries(queryPlans)) console.log(`  ${k}: ${v}`);
  console.log(
    `a check, median ms (${signals.checksPerMode} checks per mode): alone ${signals.medianMs.none}, with daily aggregates ${signals.medianMs.daily}, with the signals ${signals.medianMs.full}` +
      ` → signals add ${signals.addedMedianMs.signals} ms; protection's work inside the transaction: median ${signals.flushMedianMs} ms (p95 ${signals.flushP95Ms})`,
  );
  return { scans: count, seedSeconds, firstPage, timings, queryPlans, signals };
}
