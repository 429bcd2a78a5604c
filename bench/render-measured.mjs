// Renders the latest bench/results/*.json as the Markdown tables of bench/MEASURED.md:
//   node bench/render-measured.mjs > /tmp/tables.md
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = new URL("./results/", import.meta.url).pathname;
const read = (name) => (existsSync(join(dir, name)) ? JSON.parse(readFileSync(join(dir, name), "utf8")) : null);
const n = (v, d = 0) => Number(v).toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const load = (m) => `load average ${m.loadavg.join(" / ")} on ${m.cpus} CPUs (${m.cpuModel.trim()}), Node ${m.node}`;
const out = [];

const bench = read("bench.json");
if (bench) {
  const runs = bench.runs ?? [{ workers: 1, lines: bench.lines, server: bench.server, stored: bench.stored }];
  const end = bench.machineAtEnd ? `; at the end ${bench.machineAtEnd.loadavg.join(" / ")}` : "";
  out.push(`### Server throughput (\`${bench.command}\`)`, "", `${bench.date.slice(0, 16).replace("T", " ")} UTC, ${load(bench.machine)}${end}.`, "");
  if (runs.length > 1) {
    out.push(
      `Each target was measured on a ${runs.map((r) => `${r.workers}-worker`).join(" and a ")} server in turn (both started before the first target), so a change in the machine's load falls on both alike.`,
      "",
      `| target | request | ${runs.map((r) => `${r.workers} worker${r.workers > 1 ? "s" : ""} req/s (p99 ms)`).join(" | ")} | × |`,
      `| --- | --- | ${runs.map(() => "---:").join(" | ")} | ---: |`,
    );
    for (const l of runs[0].lines) {
      const cells = runs.map((r) => r.lines.find((x) => x.name === l.name));
      out.push(`| ${l.name} | \`${l.method} ${l.path.replace(/\/product\/[^?]+/, "/product/{id}")}\` | ${cells.map((c) => `${n(c.rps)} (${c.p99})`).join(" | ")} | ${(cells.at(-1).rps / Math.max(cells[0].rps, 1)).toFixed(2)} |`);
    }
    out.push("", runs.map((r) => `${r.workers} worker${r.workers > 1 ? "s" : ""}: peak RSS of all processes ${n(r.server.peakRssMb)} MB, errors ${r.lines.reduce((s, x) => s + x.errors, 0)}, ${Object.entries(r.stored.scans).map(([k, v]) => `${n(v)} ${k} checks`).join(", ")}, ${n(r.stored.contacts)} contact messages stored.`).join(" "), "");
  } else {
    out.push("| target | request | req/s | p50 ms | p99 ms | errors | ratio to static |", "| --- | --- | ---: | ---: | ---: | ---: | ---: |");
    for (const l of runs[0].lines) out.push(`| ${l.name} | \`${l.method} ${l.path.replace(/\/product\/[^?]+/, "/product/{id}")}\` | ${n(l.rps)} | ${l.p50} | ${l.p99} | ${l.errors} | ${l.ratio.toFixed(3)} |`);
    out.push("", `Server peak RSS ${n(runs[0].server.peakRssMb)} MB. Stored during the run: ${Object.entries(runs[0].stored.scans).map(([k, v]) => `${n(v)} ${k} checks`).join(", ")}, ${n(runs[0].stored.contacts)} contact messages.`, "");
  }
}

const lh = read("lighthouse.json");
if (lh) {
  out.push(`### Lighthouse ${lh.lighthouse} (\`${lh.command}\`)`, "", `${lh.date.slice(0, 16).replace("T", " ")} UTC, ${load(lh.machine)}. ${lh.metAll} pages meet every target.`, "");
  out.push("| page | lang | perf (all runs) | a11y | best pr. | SEO | LCP s | TBT ms | CLS | JS kB gz | CSS kB gz |", "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const p of lh.pages) {
    const s = p.scores;
    out.push(`| ${p.page.replace(/\/product\/.+/, "/product/{id}")} | ${p.lang} | ${s.performance}${p.performanceRuns ? ` (${p.performanceRuns.join("/")})` : ""} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${n(p.lcpMs / 1000, 2)} | ${p.tbtMs} | ${p.cls} | ${p.jsKb} | ${p.cssKb} |`);
  }
  out.push("");
}

const growth = read("growth.json");
if (growth) {
  out.push(`### Cost growth (\`${growth.command}\`)`, "", `${growth.date.slice(0, 16).replace("T", " ")} UTC, ${load(growth.machine)}. Median (p95) of ${growth.samplesPerTarget} sequential requests, ms; ${growth.expiredShare * 100} % of the codes expired.`, "");
  const runs = growth.batches ? ` in ${growth.batches} print runs` : "";
  out.push(`| request | ${growth.rows.map((r) => `${n(r.codes)} codes${r.codes ? runs : ""}`).join(" | ")} |`, `| --- | ${growth.rows.map(() => "---:").join(" | ")} |`);
  for (const name of Object.keys(growth.rows[growth.rows.length - 1].timings)) {
    out.push(`| ${name} | ${growth.rows.map((r) => (r.timings[name] ? `${r.timings[name].medianMs} (${r.timings[name].p95Ms})` : "—")).join(" | ")} |`);
  }
  out.push("", "Query plans with the largest database:", "");
  for (const [k, v] of Object.entries(growth.queryPlans ?? {})) out.push(`- ${k}: \`${v}\``);
  out.push("");
  const scans = growth.scanLog;
  if (scans) {
    out.push(`The scan log with ${n(scans.scans)} scans (seeded in ${scans.seedSeconds} s), median (p95) of ${growth.samplesPerTarget} requests, ms:`, "");
    out.push("| request | median (p95) |", "| --- | ---: |");
    for (const [name, t] of Object.entries(scans.timings)) out.push(`| ${name} | ${t.medianMs} (${t.p95Ms}) |`);
    const sig = scans.signals;
    if (sig) {
      out.push("", `A check (median of ${sig.checksPerMode} per mode, ms): alone ${sig.medianMs.none}, with the daily totals ${sig.medianMs.daily}, with the signals too ${sig.medianMs.full} (p95 ${sig.p95Ms.none} / ${sig.p95Ms.daily} / ${sig.p95Ms.full}); protection's work inside the check's transaction: median ${sig.flushMedianMs} ms (p95 ${sig.flushP95Ms}).`);
    }
    out.push("");
  }
}

const batches = read("batches.json");
if (batches) {
  out.push(`### Print runs (\`${batches.command}\`)`, "", `${batches.date.slice(0, 16).replace("T", " ")} UTC, ${load(batches.machine)}${batches.machine.loadavgAfter ? `; ${batches.machine.loadavgAfter.join(" / ")} after` : ""}.`, "");
  out.push("| what | time s | server CPU s | target s | server RSS growth MB | target MB | checked | met |", "| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |");
  for (const c of batches.creation) {
    out.push(`| create a run of ${n(c.quantity)} codes (median of ${c.seconds.length}: ${c.seconds.join(", ")} s) | ${c.medianSeconds} | ${c.medianCpuSeconds ?? "—"} | ${c.targetSeconds} | — | — | counts | ${c.met ? "yes" : "**no**"} |`);
  }
  for (const e of batches.exports) {
    const checked = e.rows !== undefined ? `${n(e.rows)} rows` : e.pages !== undefined ? `${n(e.pages)} pages` : `${n(e.bytes / 1e6, 1)} MB`;
    out.push(`| ${e.what} (${n(e.bytes / 1e6, 1)} MB) | ${e.seconds} | ${e.cpuSeconds ?? "—"} | ${e.targetSeconds ?? "—"} | ${e.rssGrowthMb} (${e.rssBeforeMb} → ${e.rssPeakMb}) | ${e.targetRssMb ?? "—"} | ${checked} | ${e.met === null ? "—" : e.met ? "yes" : "**no**"} |`);
  }
  out.push("");
}

for (const hardening of [read("hardening.json"), read("hardening-postgres.json")].filter(Boolean)) {
  const passed = hardening.assertions.filter((a) => a.passed).length;
  out.push(`### Hardening (\`${hardening.command}\`)`, "", `${hardening.date.slice(0, 16).replace("T", " ")} UTC, ${load(hardening.machine)}; ${hardening.totalSeconds} s in all. **${passed} passed, ${hardening.assertions.length - passed} failed.**`, "");
  out.push("| check | passed | failed | s | figures |", "| --- | ---: | ---: | ---: | --- |");
  for (const s of hardening.summary) {
    const figures = hardening.assertions.filter((a) => a.check === s.check).map((a) => `${a.passed ? "" : "FAIL: "}${a.label}: ${a.figures}`).join("<br>");
    out.push(`| ${s.check} | ${s.passed} | ${s.failed} | ${s.seconds} | ${figures.replace(/\|/g, "\\|")} |`);
  }
  out.push("");
}
console.log(out.join("\n"));
