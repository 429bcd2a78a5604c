// `npm run bench:profile [-- PATH | -- --verify]`: where a request's CPU time goes. Starts the
// production build with one serving process under `node --cpu-prof`, loads PATH (default
// `/?lng=ar`; an /admin/ path is loaded signed in) for BENCH_DURATION seconds at BENCH_CONNECTIONS
// connections, stops it, and prints the top self time by function (and by package), with the load
// average. `--verify` loads
// `POST /api/v1/codes/verify/` instead, each request with the next of BENCH_CODES fresh codes (at
// 50 connections unless BENCH_CONNECTIONS says otherwise), as `npm run bench` does. The .cpuprofile
// is kept in bench/results/ for Chrome DevTools (not committed).
import { readdirSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import { cannon, ensureBuild, fmt, login, machine, productIds, resultsDir, rmSync, startServer, tempDir } from "../bench/lib.mjs";
import { openStore } from "../bench/store.mjs";

const verify = process.argv.includes("--verify");
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (verify ? 50 : 10));
const CODES = Number(process.env.BENCH_CODES ?? 60_000);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const path = verify ? "/api/v1/codes/verify/" : (process.argv.slice(2).find((a) => a.startsWith("/")) ?? "/?lng=ar");
const method = verify ? "POST" : "GET";

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
  let request = { method, path, headers: { accept: "text/html", "accept-encoding": "gzip" } };
  // An admin page: signed in as the first admin (the access token's cookie pair, as a browser sends it).
  if (path.startsWith("/admin/")) request.headers.cookie = (await login(server.base)).cookie;
  if (verify) {
    const store = await openStore(server.databaseUrl);
    const codes = await store.insertCodes({ count: CODES, productIds: await productIds(server.base), prefix: "PF", returnActive: true });
    await store.close();
    let next = 0;
    request = {
      method,
      path,
      headers: { "content-type": "application/json", accept: "application/json", "accept-encoding": "gzip" },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: codes[next++ % codes.length] }) }),
    };
  }
  await cannon({ url: server.base, connections: CONNECTIONS, duration: 2, requests: [request] });
  result = await cannon({ url: server.base, connections: CONNECTIONS, duration: DURATION, requests: [request] });
} finally {
  await server.stop();
}
const file = readdirSync(profDir).find((f) => f.endsWith(".cpuprofile"));
if (!file) throw new Error("no profile was written");
const summary = summarize(JSON.parse(readFileSync(join(profDir, file), "utf8")));
const kept = join(resultsDir, `profile-${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root"}.cpuprofile`);
renameSync(join(profDir, file), kept);
rmSync(dataDir, { recursive: true, force: true });
console.log(`${method} ${path}: ${fmt(result.requests.average, 0)} req/s under the profiler, p99 ${result.latency.p99} ms, ${CONNECTIONS} connections, ${DURATION} s`);
console.log(`load average at the start ${load.loadavg.join(" ")}, at the end ${machine().loadavg.join(" ")}; ${fmt(summary.busyMs)} ms of CPU sampled`);
console.log("\ntop self time by function:");
for (const f of summary.functions) console.log(`${String(f.share).padStart(6)} %  ${f.what}`);
console.log("\nby package:");
for (const f of summary.origins) console.log(`${String(f.share).padStart(6)} %  ${f.what}`);
console.log(`\nprofile: ${kept}`);
