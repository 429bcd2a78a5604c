// `npm run bench:profile [-- PATH]`: where a request's CPU time goes. Starts the production build
// with one serving process under `node --cpu-prof`, loads PATH (default `/?lng=ar`) for
// BENCH_DURATION seconds at BENCH_CONNECTIONS connections, stops it, and prints the top self time
// by function (and by package), with the load average. The .cpuprofile is kept in bench/results/
// for Chrome DevTools (not committed).
import { readdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { cannon, ensureBuild, fmt, machine, resultsDir, rmSync, startServer, tempDir } from "../bench/lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const path = process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/?lng=ar";

/** Where a frame's code lives: a package name, the app's build, node itself. */
function origin(url) {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:.*?\/(development|production)\/)?/.exec(url);
  if (pkg) return pkg[2] ? `${pkg[1]} (${pkg[2]})` : pkg[1];
  if (url.includes("/build/server/")) return "app (build/server)";
  return url.replace(/^file:\/\//, "").split("/").slice(-2).join("/");
}

function summarize(profile) {
  const self = new Map();
  const byOrigin = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"}  ${origin(url)}${url ? `:${lineNumber + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const o = functionName === "(garbage collector)" ? "(garbage collector)" : functionName === "(idle)" ? "(idle)" : origin(url);
    byOrigin.set(o, (byOrigin.get(o) ?? 0) + dt);
  }
  const busy = total - (byOrigin.get("(idle)") ?? 0);
  const top = (map) =>
    [...map.entries()]
      .filter(([k]) => !k.startsWith("(idle)"))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([k, v]) => ({ what: k, ms: Math.round(v / 1000), share: Math.round((v / busy) * 1000) / 10 }));
  return { busyMs: Math.round(busy / 1000), functions: top(self), origins: top(byOrigin) };
}

await ensureBuild();
const load = machine();
const dataDir = tempDir("profile");
const profDir = join(dataDir, "prof");
const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1" }, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profDir}`] });
let result;
try {
  const headers = { accept: "text/html", "accept-encoding": "gzip" };
  await cannon({ url: `${server.base}${path}`, connections: CONNECTIONS, duration: 2, headers });
  result = await cannon({ url: `${server.base}${path}`, connections: CONNECTIONS, duration: DURATION, headers });
} finally {
  await server.stop();
}
const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile was written");
const summary = summarize(JSON.parse(readFileSync(join(profDir, file), "utf8")));
const kept = join(resultsDir, `profile-${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root"}.cpuprofile`);
renameSync(join(profDir, file), kept);
rmSync(dataDir, { recursive: true, force: true });
console.log(`GET ${path}: ${fmt(result.requests.average, 0)} req/s under the profiler, p99 ${result.latency.p99} ms, ${CONNECTIONS} connections, ${DURATION} s`);
console.log(`load average at the start ${load.loadavg.join(" ")}, at the end ${machine().loadavg.join(" ")}; ${fmt(summary.busyMs)} ms of CPU sampled`);
console.log("\ntop self time by function:");
for (const f of summary.functions) console.log(`${String(f.share).padStart(6)} %  ${f.what}`);
console.log("\nby package:");
for (const f of summary.origins) console.log(`${String(f.share).padStart(6)} %  ${f.what}`);
console.log(`\nprofile: ${kept}`);
