// `npm run lighthouse`: Lighthouse 12 (mobile preset: simulated slow 4G and a 4x slower CPU) with
// Debian's Chromium against the production build on a fresh database, on a loopback port. For each
// public page in en and ar (language through `?lng=`): the four category scores, LCP, TBT, CLS and
// the first-load JavaScript and CSS in kB as transferred (gzip). Printed, and written to
// bench/results/lighthouse.json with the audits that kept a score under its target.
//
//   LIGHTHOUSE_RUNS=3 npm run lighthouse [-- --build] [-- --only /verify]   (CHROMIUM_PATH overrides the browser)
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";
import { ensureBuild, fmt, machine, productIds, rmSync, startServer, tempDir, timeLimit, writeResult } from "../bench/lib.mjs";

const FLAGS = ["--headless=new", ...chromiumFlags];
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
const LANGUAGES = ["en", "ar"];
/** Runs per page; the median run by performance score is reported (Lighthouse's advice for noisy machines). */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

function summarize(lhr, page, lang) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id) => lhr.audits[id];
  const requests = audit("network-requests")?.details?.items ?? [];
  const firstLoad = (type) => requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  // What kept a category under its target: its failing audits, by weight.
  const below = [];
  for (const [id, target] of Object.entries(TARGETS)) {
    if (score(id) >= target) continue;
    for (const ref of lhr.categories[id].auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.score >= 0.9 || a.scoreDisplayMode === "informative" || a.scoreDisplayMode === "notApplicable") continue;
      if (id !== "performance" && a.score === 1) continue;
      below.push({ category: id, audit: ref.id, score: a.score, weight: ref.weight, display: a.displayValue ?? "" });
    }
  }
  return {
    page,
    lang,
    url: lhr.finalDisplayedUrl,
    scores: { performance: score("performance"), accessibility: score("accessibility"), bestPractices: score("best-practices"), seo: score("seo") },
    lcpMs: Math.round(audit("largest-contentful-paint")?.numericValue ?? 0),
    tbtMs: Math.round(audit("total-blocking-time")?.numericValue ?? 0),
    cls: Math.round((audit("cumulative-layout-shift")?.numericValue ?? 0) * 1000) / 1000,
    fcpMs: Math.round(audit("first-contentful-paint")?.numericValue ?? 0),
    jsKb: kb(firstLoad("Script")),
    cssKb: kb(firstLoad("Stylesheet")),
    fontKb: kb(firstLoad("Font")),
    totalKb: kb(requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0)),
    lcpElement: audit("largest-contentful-paint-element")?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    below,
  };
}

async function main() {
  const onlyIndex = process.argv.indexOf("--only");
  const only = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(",") : null;
  await ensureBuild();
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error("no Chromium found (install Debian's chromium or set CHROMIUM_PATH)");
  const dataDir = tempDir("lighthouse");
  const server = await startServer({ dataDir });
  let chrome;
  const guard = timeLimit(20 * 60_000, async () => {
    await chrome?.kill();
    await server.kill();
  });
  try {
    const [productId] = await productIds(server.base);
    const pages = ["/", "/products", `/product/${productId}`, "/verify", "/contact"].filter((p) => !only || only.some((o) => p.startsWith(o)));
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS, logLevel: "silent" });
    const rows = [];
    for (const page of pages) {
      for (const lang of LANGUAGES) {
        const url = `${server.base}${page}?lng=${lang}`;
        const started = Date.now();
        const runs = [];
        for (let run = 0; run < RUNS; run++) {
          // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): run that page again, twice at most.
          let runnerResult;
          for (let attempt = 1; attempt <= 3; attempt++) {
            runnerResult = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
            if (runnerResult?.lhr && !runnerResult.lhr.runtimeError) break;
            console.log(`    (${url}: ${runnerResult?.lhr?.runtimeError?.code ?? "no result"}, attempt ${attempt} of 3)`);
          }
          if (!runnerResult?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
          if (runnerResult.lhr.runtimeError) throw new Error(`Lighthouse: ${runnerResult.lhr.runtimeError.message} (${url})`);
          runs.push({ row: summarize(runnerResult.lhr, page, lang), report: runnerResult.report });
        }
        runs.sort((x, y) => x.row.scores.performance - y.row.scores.performance);
        const median = runs[Math.floor(runs.length / 2)];
        const row = { ...median.row, performanceRuns: runs.map((r) => r.row.scores.performance) };
        // LIGHTHOUSE_KEEP=<dir>: keep the median run's full report for reading the audits.
        if (process.env.LIGHTHOUSE_KEEP) {
          const { writeFileSync, mkdirSync } = await import("node:fs");
          mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
          writeFileSync(`${process.env.LIGHTHOUSE_KEEP}/${page.replace(/\W+/g, "_")}-${lang}.json`, median.report);
        }
        rows.push(row);
        const s = row.scores;
        console.log(
          `${(page.length > 20 ? page.slice(0, 17) + "…" : page).padEnd(21)}${lang}  perf ${s.performance}  a11y ${s.accessibility}  bp ${s.bestPractices}  seo ${s.seo}` +
            `  LCP ${fmt(row.lcpMs / 1000, 2)} s  TBT ${row.tbtMs} ms  CLS ${row.cls}  JS ${row.jsKb} kB  CSS ${row.cssKb} kB  (median of perf ${row.performanceRuns.join("/")}; ${fmt((Date.now() - started) / 1000)} s)`,
        );
        for (const b of row.below) console.log(`    under target (${b.category}): ${b.audit} ${b.display}`);
      }
    }
    const met = rows.filter((r) => r.scores.performance >= 95 && r.scores.accessibility === 100 && r.scores.bestPractices === 100 && r.scores.seo === 100);
    console.log(`${met.length} of ${rows.length} pages meet every target (performance ≥ 95; accessibility, best practices, SEO 100)`);
    const result = {
      date: new Date().toISOString(),
      command: "npm run lighthouse",
      lighthouse: "12 (mobile preset, simulated throttling)",
      runsPerPage: RUNS,
      chromium: chromePath,
      flags: FLAGS,
      machine: machine(),
      targets: TARGETS,
      pages: rows,
      metAll: `${met.length}/${rows.length}`,
    };
    if (!only) console.log(`written to ${writeResult("lighthouse.json", result)}`);
    else console.log(`(--only: ${writeResult("lighthouse-partial.json", result)})`);
  } finally {
    clearTimeout(guard);
    await chrome?.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`lighthouse failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
