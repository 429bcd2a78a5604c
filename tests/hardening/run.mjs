// `npm run test:hardening`: the fault and attack suite against the production build, each check on
// its own fresh database on loopback ports: double spend, cluster, instances, edge, backup, crash, bad input,
// access, code reads (a viewer's masked codes and counted searches, an editor's limit), sign-in (the
// concurrent burst and the lockout attempt), abuse (issue 42's second round: the forgotten-password
// timing, the sign-in link, a mail bomb, tokens in logs, capped refusals, timeouts and connections), uploads (checks while photos are uploaded, multipart part caps), load. Each assertion prints its
// figures; the run ends with one line "N passed, N failed" (the line CI reads) and writes
// bench/results/hardening.json.
//
//   HARDENING_LOAD_SECONDS=60 HARDENING_CONNECTIONS=100 npm run test:hardening [-- --only access,load]
//
// `npm run test:postgres` runs double-spend, instances, crash, code-reads, sign-in, abuse and outage through
// runChecks() against a throwaway PostgreSQL cluster (scripts/test-postgres.mjs).
import { ensureBuild, machine, timeLimit, writeResult } from "../../bench/lib.mjs";
import { createTally } from "./harness.mjs";

const CHECKS = {
  "double-spend": () => import("./double-spend.mjs"),
  cluster: () => import("./cluster.mjs"),
  instances: () => import("./instances.mjs"),
  edge: () => import("./edge.mjs"),
  backup: () => import("./backup.mjs"),
  crash: () => import("./crash.mjs"),
  "bad-input": () => import("./bad-input.mjs"),
  access: () => import("./access.mjs"),
  "code-reads": () => import("./code-reads.mjs"),
  "sign-in": () => import("./sign-in.mjs"),
  abuse: () => import("./abuse.mjs"),
  uploads: () => import("./uploads.mjs"),
  load: () => import("./load.mjs"),
  // PostgreSQL only: needs the cluster to stop and start (context.postgres).
  outage: () => import("./outage.mjs"),
};

/** The checks a plain `npm run test:hardening` runs (SQLite). */
export const DEFAULT_CHECKS = ["double-spend", "cluster", "instances", "edge", "backup", "crash", "bad-input", "access", "code-reads", "sign-in", "abuse", "uploads", "load"];

/**
 * Runs the named checks in order; prints each assertion and a per-check line; resolves with
 * {passed, failed, summary, assertions, totalSeconds}. `context` is handed to every check.
 */
export async function runChecks(names, { context = {}, resultFile } = {}) {
  const started = Date.now();
  await ensureBuild();
  const all = [];
  const summary = [];
  for (const name of names) {
    if (!CHECKS[name]) throw new Error(`unknown check ${name} (known: ${Object.keys(CHECKS).join(", ")})`);
    console.log(`\n== ${name}`);
    const tally = createTally(name);
    const t0 = Date.now();
    let figures = {};
    try {
      const module = await CHECKS[name]();
      figures = (await module.run(tally, context)) ?? {};
    } catch (error) {
      tally.ok(false, `${name} ran to the end`, error instanceof Error ? (error.stack ?? error.message).split("\n").slice(0, 4).join(" | ") : String(error));
    }
    const seconds = Math.round((Date.now() - t0) / 100) / 10;
    const passed = tally.results.filter((r) => r.passed).length;
    const failed = tally.results.length - passed;
    console.log(`  (${name}: ${passed} passed, ${failed} failed in ${seconds} s)`);
    summary.push({ check: name, passed, failed, seconds, figures });
    all.push(...tally.results);
  }
  const passed = all.filter((r) => r.passed).length;
  const failed = all.length - passed;
  const totalSeconds = Math.round((Date.now() - started) / 1000);
  console.log("");
  for (const s of summary) console.log(`${s.check}: ${s.passed} passed, ${s.failed} failed (${s.seconds} s)`);
  if (resultFile) {
    writeResult(resultFile, { date: new Date().toISOString(), command: context.command ?? "npm run test:hardening", machine: machine(), totalSeconds, summary, assertions: all });
  }
  return { passed, failed, summary, assertions: all, totalSeconds };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const onlyIndex = process.argv.indexOf("--only");
  const only = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(",") : DEFAULT_CHECKS;
  // The whole run is bounded: about 8 minutes on a 2-core machine; stop well after that.
  timeLimit(Number(process.env.HARDENING_TIME_LIMIT_SECONDS ?? 1200) * 1000);
  try {
    const { passed, failed } = await runChecks(only, {
      resultFile: onlyIndex > 0 ? "hardening-partial.json" : "hardening.json",
    });
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    console.log("0 passed, 1 failed");
    process.exit(2);
  }
}
