// `npm run test:postgres`: the same application on a real PostgreSQL. Starts a throwaway cluster from
// Debian's postgresql package (scripts/pg-cluster.mjs: initdb into a temporary folder, pg_ctl start on
// a free loopback port, as an unprivileged user when run as root), then
//   1. the Vitest domain and route suites, each test file on a fresh database of that cluster;
//   2. the hardening checks double-spend, instances and crash (two app instances × two workers on
//      one database: the one-use rule, rate limits, refresh rotation and reuse detection, kill -9),
//      code-reads and sign-in (limits and locks kept in the database: a viewer's masked codes and an
//      editor's read limit; the password burst and the second step's budget across two processes),
//      abuse (issue 42: the sign-up bindings and mail caps, capped refusals, the sign-in link) and
//      outage (the database stops and comes back under a running app);
// removes the cluster, and ends with one line "N passed, N failed" (the line CI reads).
//
// Test files that never touch the database (catalogue data, dictionaries, formats, tokens, the HTTP
// edge, logs, the linter's rules) already ran under `npm test` and would only repeat here: they are
// left out (PURE below). Every other test file, including any new one, runs on PostgreSQL.
import { mkdirSync, readFileSync, existsSync } from "node:fs";
import { startPostgres } from "./pg-cluster.mjs";
import { bin, run } from "./run.mjs";

const PURE = [
  "app/platform/catalog/**",
  "app/platform/i18n/**",
  "app/features/site/sitemap.test.ts",
  "app/features/site/screens/product-card.test.tsx",
  "app/platform/lib/**",
  "app/platform/http/edge.server.test.ts",
  "app/platform/http/paint-first.server.test.ts",
  "app/routes/api/products.test.ts",
  "app/platform/codes/code-format.test.ts",
  "app/features/sign-in/passwords.server.test.ts",
  "app/features/sessions/tokens.server.test.ts",
  "db/backup.test.ts",
  "locales/**",
  "tests/unit/lint-rules.test.ts",
  // The real server.js on a SQLite file of its own (the metrics summed over two workers; GS1's
  // resolver conformance checks, decision 194).
  "tests/unit/metrics-cluster.test.ts",
  "tests/unit/gs1-resolver.test.ts",
  // The resolver's grammar and choice of links: no database.
  "app/features/resolver/uri.test.ts",
  "app/features/resolver/negotiate.test.ts",
];

const results = new URL("../test-results/", import.meta.url).pathname;
mkdirSync(results, { recursive: true });
const started = Date.now();
const lines = [];
const totals = { passed: 0, failed: 0, skipped: 0 };

let cluster;
try {
  cluster = await startPostgres({ log: (line) => console.log(line) });
} catch (error) {
  console.error(`test:postgres: ${error.message.split("\n")[0]}`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const stop = async () => {
  await cluster?.stop().catch(() => {});
  cluster = undefined;
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await stop();
    process.exit(130);
  });
}

try {
  // 1. Vitest on PostgreSQL.
  const vitestJson = `${results}vitest-postgres.json`;
  const t0 = Date.now();
  const excluded = PURE.flatMap((glob) => ["--exclude", glob]);
  const code = await run(bin("vitest"), ["run", ...excluded, "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`], {
    env: { TEST_DATABASE_URL: cluster.url },
  });
  const vitest = existsSync(vitestJson) ? JSON.parse(readFileSync(vitestJson, "utf8")) : undefined;
  if (vitest) {
    const passed = vitest.numPassedTests ?? 0;
    const failed = (vitest.numFailedTests ?? 0) + (code !== 0 && !vitest.numFailedTests ? 1 : 0);
    totals.passed += passed;
    totals.failed += failed;
    totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
    lines.push(`vitest on PostgreSQL: ${passed} passed, ${failed} failed (${Math.round((Date.now() - t0) / 1000)} s)`);
  } else {
    totals.failed += 1;
    lines.push("vitest on PostgreSQL: did not report (FAILED)");
  }

  // 2. Hardening on PostgreSQL.
  process.env.HARDENING_POSTGRES_URL = cluster.url;
  const { runChecks } = await import("../tests/hardening/run.mjs");
  const t1 = Date.now();
  try {
    const hardening = await runChecks(["double-spend", "instances", "crash", "code-reads", "sign-in", "abuse", "outage"], {
      context: { postgres: cluster, command: "npm run test:postgres" },
      resultFile: "hardening-postgres.json",
    });
    totals.passed += hardening.passed;
    totals.failed += hardening.failed;
    lines.push(`hardening on PostgreSQL: ${hardening.passed} passed, ${hardening.failed} failed (${Math.round((Date.now() - t1) / 1000)} s)`);
  } catch (error) {
    totals.failed += 1;
    lines.push(`hardening on PostgreSQL: ${error.message} (FAILED)`);
  }
} finally {
  await stop();
}

console.log(`\n${lines.join("\n")}\nPostgreSQL suites took ${Math.round((Date.now() - started) / 1000)} s; the cluster is removed.`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed === 0 ? 0 : 1);
