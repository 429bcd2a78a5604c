// The CPU budget of `npm run bench` and `npm run bench:verify` (issue 43, decision 177): each target's
// server CPU per answer as a ratio to the static file's, measured in the same run at the same
// concurrency, against bench/budget.json. A ratio more than `tolerance` (15 %) over its budget is
// measured once more (with its static file) before it counts; one still over makes the command end
// non-zero. On PostgreSQL (BENCH_DATABASE_URL) the check's CPU per answer is compared with the same
// target's on SQLite in the same run. `--update-budget` writes the run's ratios as the new budget.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fmt, root } from "./lib.mjs";

export const BUDGET_FILE = join(root, "bench/budget.json");

export function loadBudget(file = BUDGET_FILE) {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** The static file's line a line is compared with: measured in the same run at the same concurrency. */
export function staticLine(run, line) {
  const statics = run.lines.filter((l) => l.name.startsWith("static"));
  return statics.find((l) => l.connections === line.connections) ?? statics.find((l) => l.name === "static");
}

/** The SQLite run the budget is for (one with `budget.workers` workers), and the PostgreSQL one. */
function budgetRuns(budget, runs) {
  return { sqlite: runs.find((r) => r.engine === "sqlite" && r.workers === budget.workers), postgres: runs.find((r) => r.engine === "postgres") };
}

/**
 * One row per budgeted target the runs measured: its CPU per answer, what it is compared with, the
 * ratio, the budget and the limit (budget × (1 + tolerance)), and whether it is over.
 */
export function budgetRows(budget, runs) {
  const limitOf = (value) => Math.round(value * (1 + budget.tolerance) * 1000) / 1000;
  const { sqlite, postgres } = budgetRuns(budget, runs);
  const rows = [];
  for (const [name, entry] of Object.entries(sqlite ? budget.targets : {})) {
    const line = sqlite.lines.find((l) => l.name === name);
    const reference = line && staticLine(sqlite, line);
    if (!line || !reference) continue;
    const ratio = line.cpuMsPerRequest / reference.cpuMsPerRequest;
    rows.push({ run: sqlite, name, cpuMs: line.cpuMsPerRequest, against: reference.name, againstMs: reference.cpuMsPerRequest, ratio, budget: entry.ratio, limit: limitOf(entry.ratio), over: ratio > limitOf(entry.ratio), errors: line.errors });
  }
  for (const [name, entry] of Object.entries(postgres && sqlite ? (budget.postgres ?? {}) : {})) {
    const line = postgres.lines.find((l) => l.name === name);
    const reference = sqlite.lines.find((l) => l.name === name);
    if (!line || !reference) continue;
    const ratio = line.cpuMsPerRequest / reference.cpuMsPerRequest;
    rows.push({ run: postgres, name, cpuMs: line.cpuMsPerRequest, against: `${name} on SQLite`, againstMs: reference.cpuMsPerRequest, ratio, budget: entry.ratio, limit: limitOf(entry.ratio), over: ratio > limitOf(entry.ratio), errors: line.errors, postgres: true, sqliteRun: sqlite });
  }
  return rows;
}

const pad = (s, n) => String(s).padEnd(n);
const padl = (s, n) => String(s).padStart(n);

/** The comparison, printed; returns the names still over their budget. */
export function printBudget(budget, rows, { remeasured = new Set() } = {}) {
  const { workers, tolerance } = budget;
  console.log(`\nCPU budget (bench/budget.json: ratio of CPU per answer to the static file's in the same run, ${workers} workers; over when above budget × ${1 + tolerance}):`);
  if (rows.length === 0) {
    console.log(`  not checked: no run with ${workers} workers measured a budgeted target (BENCH_WORKERS)`);
    return [];
  }
  console.log(`  ${pad("target", 22)}${padl("CPU ms", 8)}  ${pad("against", 24)}${padl("CPU ms", 8)}${padl("ratio", 8)}${padl("budget", 8)}${padl("limit", 8)}  verdict`);
  for (const r of rows) {
    const label = r.postgres ? `${r.name} (PostgreSQL)` : r.name;
    const verdict = r.over ? "OVER" : "ok";
    console.log(`  ${pad(label, 22)}${padl(r.cpuMs.toFixed(2), 8)}  ${pad(r.against, 24)}${padl(r.againstMs.toFixed(2), 8)}${padl(r.ratio.toFixed(2), 8)}${padl(r.budget.toFixed(2), 8)}${padl(r.limit.toFixed(2), 8)}  ${verdict}${remeasured.has(label) ? " (measured twice)" : ""}`);
  }
  const over = rows.filter((r) => r.over).map((r) => (r.postgres ? `${r.name} (PostgreSQL)` : r.name));
  console.log(over.length ? `  over budget: ${over.join(", ")}` : "  every budgeted target within its budget");
  return over;
}

/**
 * bench/budget.json with this run's ratios as the budgets (`--update-budget`), the measuring run noted:
 * every target the budget's run measured (the static files aside), and the PostgreSQL rows it has.
 */
export function updateBudget(budget, runs, rows, { command, load, date }) {
  const next = structuredClone(budget);
  const { sqlite } = budgetRuns(budget, runs);
  for (const line of sqlite?.lines ?? []) {
    if (line.name.startsWith("static")) continue;
    const ratio = line.cpuMsPerRequest / staticLine(sqlite, line).cpuMsPerRequest;
    next.targets[line.name] = { ...next.targets[line.name], ratio: Math.round(ratio * 100) / 100 };
  }
  for (const r of rows.filter((row) => row.postgres)) {
    next.postgres = { ...next.postgres, [r.name]: { ...next.postgres?.[r.name], ratio: Math.round(r.ratio * 100) / 100 } };
  }
  next.measured = { date, command, loadAverage: load, note: "ratios written by --update-budget" };
  writeFileSync(BUDGET_FILE, `${JSON.stringify(next, null, 2)}\n`);
  console.log(`budget updated: ${BUDGET_FILE} (${[...Object.entries(next.targets).map(([name, entry]) => `${name} ${fmt(entry.ratio, 2)}`), ...Object.entries(next.postgres ?? {}).map(([name, entry]) => `${name} (PostgreSQL) ${fmt(entry.ratio, 2)}`)].join(", ")})`);
}
