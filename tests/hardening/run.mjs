// `npm run test:hardening`: the fault and attack suite against the production build, each check on
// its own fresh database on loopback ports: double spend, crash, bad input, access, sign-in (the
// concurrent burst and the lockout attempt), load. Each
// assertion prints its figures; the run ends with one line "N passed, N failed" (the line CI reads)
// and writes bench/results/hardening.json.
//
//   HARDENING_LOAD_SECONDS=60 HARDENING_CONNECTIONS=100 npm run test:hardening [-- --only access,load]
import { ensureBuild, machine, timeLimit, writeResult } from "../../bench/lib.mjs";
import { createTally } from "./harness.mjs";

const CHECKS = {
  "double-spend": () => import("./double-spend.mjs"),
  crash: () => import("./crash.mjs"),
  "bad-input": () => import("./bad-input.mjs"),
  access: () => import("./access.mjs"),
  "sign-in": () => import("./sign-in.mjs"),
  load: () => import("./load.mjs"),
};

const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(",") : Object.keys(CHECKS);
const started = Date.now();
// The whole run is bounded: about 6 minutes on a 2-core machine; stop well after that.
timeLimit(Number(process.env.HARDENING_TIME_LIMIT_SECONDS ?? 900) * 1000);

await ensureBuild();
const all = [];
const summary = [];
for (const name of only) {
  if (!CHECKS[name]) {
    console.error(`unknown check ${name} (known: ${Object.keys(CHECKS).join(", ")})`);
    process.exit(2);
  }
  console.log(`\n== ${name}`);
  const tally = createTally(name);
  const t0 = Date.now();
  let figures = {};
  try {
    const module = await CHECKS[name]();
    figures = (await module.run(tally)) ?? {};
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
writeResult(only.length === Object.keys(CHECKS).length ? "hardening.json" : "hardening-partial.json", {
  date: new Date().toISOString(),
  command: "npm run test:hardening",
  machine: machine(),
  totalSeconds,
  summary,
  assertions: all,
});
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
