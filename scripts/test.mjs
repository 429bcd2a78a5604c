// `npm test`: typecheck, lint (the layers, cycles, copy-paste), Vitest, then Playwright in real Chromium.
// Ends with one line "N passed, N failed" that totals every suite (the line CI reads).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { bin, run } from "./run.mjs";
import { runE2E } from "./e2e.mjs";

const results = new URL("../test-results/", import.meta.url).pathname;
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
const lines = [];

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
  } catch {
    return undefined;
  }
}

// 1. Typecheck counts as one check.
const typecheck = (await run(bin("react-router"), ["typegen"])) === 0 && (await run(bin("tsc"), [])) === 0;
totals[typecheck ? "passed" : "failed"] += 1;
lines.push(`typecheck: ${typecheck ? "passed" : "FAILED"}`);

// 2. Lint counts as one check: ESLint (an error fails it) and the copy-paste detector.
const lint = (await run("npm", ["run", "--silent", "lint"])) === 0;
totals[lint ? "passed" : "failed"] += 1;
lines.push(`lint: ${lint ? "passed" : "FAILED"}`);

// The production bundle, built once: Vitest's server tests (tests/unit/metrics-cluster.test.ts) and
// Playwright both run it.
if ((await run(bin("react-router"), ["build"])) !== 0) {
  totals.failed += 1;
  lines.push("build: FAILED");
}

// 3. Vitest against real temporary SQLite files.
const vitestJson = `${results}vitest.json`;
const vitestCode = await run(bin("vitest"), ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  const passed = vitest.numPassedTests ?? 0;
  const failed = (vitest.numFailedTests ?? 0) + (vitestCode !== 0 && !vitest.numFailedTests ? 1 : 0);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  lines.push(`vitest: ${passed} passed, ${failed} failed`);
} else {
  totals.failed += 1;
  lines.push("vitest: did not report (FAILED)");
}

// 4. Playwright, JavaScript on and off.
const playwrightJson = `${results}playwright.json`;
const e2eCode = await runE2E([], { PLAYWRIGHT_JSON: playwrightJson, E2E_SKIP_BUILD: "1" });
const pw = readJson(playwrightJson);
if (pw?.stats) {
  // "flaky" passed on retry: counted as passed, reported separately.
  const passed = (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  const failed = (pw.stats.unexpected ?? 0) + (e2eCode !== 0 && !pw.stats.unexpected ? 1 : 0);
  totals.passed += passed;
  totals.failed += failed;
  totals.skipped += pw.stats.skipped ?? 0;
  lines.push(`playwright: ${passed} passed, ${failed} failed${pw.stats.flaky ? ` (${pw.stats.flaky} flaky)` : ""}`);
} else {
  totals.failed += 1;
  lines.push(`playwright: did not report (exit ${e2eCode}) (FAILED)`);
}

console.log("\n" + lines.join("\n"));
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(totals.failed === 0 ? 0 : 1);
