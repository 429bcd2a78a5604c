// `npm run bench:profile [-- PATH | --verify | --baseline | --redeem | --static]`: where a request's CPU
// goes. Starts the production build with one serving process and its inspector on a loopback port,
// loads the target at BENCH_CONNECTIONS connections for BENCH_WARMUP seconds, then records a CPU
// profile (V8's sampler, every PROFILE_INTERVAL_US µs) over BENCH_DURATION seconds of the same load
// only (no start-up, no seeding), and prints, with the load average:
//
// - the process's CPU per answer (/proc, every thread: zlib's and fsync's included) and the serving
//   thread's sampled CPU per answer;
// - **by layer**: the serving thread's µs per answer in each part of the request's path (the edge's
//   middleware, metrics, the access log, React Router, the route, the check's SQL, its hooks…), each
//   sample given to the nearest frame on its stack that belongs to a layer (LAYERS below; a layer
//   added in the third wave is marked); what is left is named by package;
// - the top self time by function and by package.
//
// Targets: PATH (GET, default `/?lng=ar`; an /admin/ path is loaded signed in), `--verify` (the check,
// `POST /api/v1/codes/verify/` with the next of BENCH_CODES fresh codes each time), `--baseline` (the
// framework baseline `GET /api/v1/products/`), `--redeem` (a pack's PIN, `POST /api/v1/packs/{serial}/redeem/`,
// BENCH_PACKS packs made first), `--static` (`GET /favicon.svg`); the API targets at 50 connections.
// With BENCH_DATABASE_URL (a PostgreSQL server, e.g. the one `node scripts/pg-cluster.mjs` prints) the
// process serves a fresh database made there for the run (and dropped after it).
// The profile is kept in bench/results/ for Chrome DevTools (not committed). BENCH_SERVER_DIR profiles
// another checkout's build (bench/lib.mjs), for a before and an after on the same machine. Rates under the profiler
// are a little lower than without it; compare layers within one run, and runs by their µs per answer.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cannon, ensureBuild, fmt, freePort, inspectorSession, join, login, machine, makePacks, productIds, resultsDir, rmSync, root, serverDir, startServer, tempDir } from "../bench/lib.mjs";
import { freshPostgresDatabase, openStore } from "../bench/store.mjs";

const args = process.argv.slice(2);
const KINDS = {
  verify: { method: "POST", path: "/api/v1/codes/verify/", api: true },
  baseline: { method: "GET", path: "/api/v1/products/", api: true },
  redeem: { method: "POST", path: "/api/v1/packs/{serial}/redeem/", api: true },
  static: { method: "GET", path: "/favicon.svg", api: true },
};
const kind = Object.keys(KINDS).find((k) => args.includes(`--${k}`));
const target = kind ? KINDS[kind] : { method: "GET", path: args.find((a) => a.startsWith("/")) ?? "/?lng=ar", api: false };
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (target.api ? 50 : 10));
const CODES = Number(process.env.BENCH_CODES ?? 60_000);
const PACKS = Number(process.env.BENCH_PACKS ?? 20_000);
const TOP = Number(process.env.PROFILE_TOP ?? 15);
const INTERVAL_US = Number(process.env.PROFILE_INTERVAL_US ?? 250);

/**
 * The layers of a request's path, each a list of the functions that belong to it: app functions by
 * the top-level declaration that encloses them in the server build (or in server.js), packages by
 * name. `wave3` marks what the third wave added to the request's path (issue 43). A layer with
 * `callees` also owns a package layer's work it calls directly (the metrics' route matching inside
 * React Router, the check's statements inside Kysely when they run before any await).
 */
const LAYERS = [
  { name: "edge: security headers, health checks, method and path guard", app: ["securityHeaders", "healthChecks", "methodAndPathGuard", "refuse", "language"] },
  { name: "edge: request id and client address", app: ["requestIdentity", "clientKey", "trustFunction"], packages: ["proxy-addr", "ipaddr.js", "forwarded"] },
  { name: "edge: body cap (counting stream)", wave3: true, app: ["bodyLimit", "bodyLimitFor", "limitedBody", "takesMultipart", "multipartLimit", "discardable", "refuseOnceRead"] },
  { name: "access log (line, client tag, redaction)", wave3: true, callees: true, app: ["accessLog", "clientTag", "clientTag$1", "scrub", "createLogger", "clean", "serializeError", "log", "getServerSecret"] },
  { name: "metrics (request count and duration, route label)", wave3: true, callees: true, app: ["requestMetrics", "recordRequest", "routePatterns", "metrics", "metricsEndpoint", "pagePath", "toTree"], packages: ["prom-client"] },
  { name: "compression", packages: ["compression", "on-headers", "vary", "compressible", "negotiator", "accepts"], node: ["zlib"] },
  { name: "page cache lookup", app: ["createPageCache", "wantsPageCache", "detectLanguage"], server: ["pageCacheMiddleware"] },
  { name: "static files lookup", packages: ["serve-static", "send", "etag", "fresh", "range-parser", "mime", "destroy", "encodeurl", "escape-html"] },
  { name: "Express routing", packages: ["express", "parseurl", "qs", "finalhandler", "utils-merge", "merge-descriptors", "methods", "path-to-regexp"], server: ["serve", "drainMiddleware"] },
  { name: "server.js: Node request to fetch Request and back", server: ["reactRouterHandler", "toFetchRequest", "sendResponse"], packages: ["@react-router/node"], node: ["webstreams", "undici"] },
  { name: "React Router (matching, middleware, data strategy)", packages: ["react-router", "cookie", "set-cookie-parser"], app: ["loadContext"] },
  { name: "root middleware (language, request guard, toast)", app: ["i18nextMiddleware", "requestGuard", "formAnswerMiddleware", "readToast", "clearShownToast", "isCrossSiteWrite", "unreadablePageRequest", "reportEdgeRefusal"], packages: ["remix-i18next"] },
  { name: "refusal auditing (listener)", wave3: true, callees: true, app: ["listenToEdgeRefusals", "recordRefusal", "onEdgeRefusal"] },
  { name: "API route: body, validation, answer envelope and message", app: ["apiRoute", "readBody", "readRawBody", "readBodyText", "validated", "fieldErrors", "apiOk", "apiError", "json", "envelope", "checkApiAnswer", "verificationMessage", "verificationApiData", "recallNotice", "requestT", "fixedT", "requestLanguage", "getLocale", "requestTimeZone", "verifySchema", "normalizeInput", "GET", "POST", "handle"], packages: ["zod", "i18next"] },
  { name: "products list (catalogue)", app: ["productsIn", "isCategoryName"] },
  { name: "check: client hash and country", app: ["checkRequest", "clientHash", "clientAddress", "countryOf", "addressOf", "open"], packages: ["mmdb-lib"] },
  { name: "check: rate limit", callees: true, app: ["createLimiter", "asRateLimited", "countLimits", "consumeEach"], packages: ["rate-limiter-flexible"] },
  { name: "check: one-use update, scan record (SQL)", callees: true, app: ["checkCode", "checkOne", "consumeOrRead", "blankScan", "recorded", "recordScans", "writeScans", "newScanId", "toVerification", "codeHash", "isStorableCode", "redeemPin", "redeemPack", "isGenuineOutcome", "shownOutcome"] },
  { name: "check: recall and run facts lookup", wave3: true, callees: true, app: ["batchFacts", "isRecalled", "isPastBestBefore"] },
  { name: "check hook: brand protection (signals, daily totals)", callees: true, app: ["CheckSignals", "listenToChecks", "signalIntents", "applyIntents", "addToDaily", "dailyRowsOf", "dailyCountryRowsOf", "summed", "recordLimitHit", "dayOf"] },
  { name: "check hook: metrics count", wave3: true, callees: true, app: ["CheckCount", "countChecks"] },
  { name: "check: group commit, write lock, fsync, statement cache", app: ["inCheckTransaction", "drain", "commitThenFlush", "flushWal", "writeLock", "tryBegin", "withStatementCache", "openCheckRounds", "getDb", "getConnection", "prepare"] },
  { name: "database driver (Kysely, better-sqlite3, pg) outside a known caller", packages: ["kysely", "better-sqlite3", "pg", "pg-pool", "pg-protocol"] },
];

/** Top-level declarations of a file by line: the function an anonymous frame belongs to. */
const declarations = new Map();
function enclosing(url, line) {
  if (!declarations.has(url)) {
    const names = [];
    let current = "(module)";
    try {
      for (const text of readFileSync(fileURLToPath(url), "utf8").split("\n")) {
        const m = /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?\s+([\w$]+)|class\s+([\w$]+)|(?:const|let|var)\s+([\w$]+)\s*=)/.exec(text);
        if (m) current = m[1] ?? m[2] ?? m[3];
        names.push(current);
      }
    } catch {
      /* not a file */
    }
    declarations.set(url, names);
  }
  return declarations.get(url)[line] ?? "(module)";
}

/** What a frame is: its package, node module, or the app's (build or server.js) enclosing declaration. */
function frameOf(callFrame) {
  const { functionName, url, lineNumber } = callFrame;
  if (!url) return { native: functionName || "(native)" };
  if (url.startsWith("node:")) {
    const module = url.slice(5);
    return { node: /undici/.test(module) ? "undici" : /webstreams/.test(module) ? "webstreams" : /zlib/.test(module) ? "zlib" : /async_hooks|async_local/.test(module) ? "async_hooks" : module };
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (pkg) return { pkg: pkg[1] };
  if (url.includes("/build/server/")) return { app: enclosing(url, lineNumber) };
  if (url.endsWith("/server.js")) {
    const top = enclosing(url, lineNumber);
    // serve()'s own inline middleware: the drain wrapper and the page cache's.
    if (top === "serve" && functionName === "") return { server: /pageCache/.test(lineText(url, lineNumber)) ? "pageCacheMiddleware" : "serve" };
    return { server: top };
  }
  return { other: url.split("/").slice(-1)[0] };
}

const lines = new Map();
function lineText(url, line) {
  if (!lines.has(url)) lines.set(url, readFileSync(fileURLToPath(url), "utf8").split("\n"));
  const all = lines.get(url);
  return all.slice(Math.max(0, line - 1), line + 3).join("\n");
}

function layerOf(frame) {
  for (const layer of LAYERS) {
    if (frame.app && layer.app?.includes(frame.app)) return layer;
    if (frame.server && layer.server?.includes(frame.server)) return layer;
    if (frame.pkg && layer.packages?.includes(frame.pkg)) return layer;
    if (frame.node && layer.node?.includes(frame.node)) return layer;
  }
  return undefined;
}

/** A name for what no layer claims: the leaf's package or node module, or the app's declaration. */
function leftover(frame) {
  if (frame.native) {
    if (frame.native === "(garbage collector)") return "garbage collection";
    if (frame.native === "(program)") return "V8 and native code outside JavaScript (program)";
    return `native: ${frame.native}`;
  }
  if (frame.node === "async_hooks") return "AsyncLocalStorage's promise hooks (request id on log lines)";
  if (frame.node) return /^_http|^net$|^internal\/(stream|streams|http)|^stream/.test(frame.node) ? "Node: HTTP parser, sockets, streams" : `Node: ${frame.node}`;
  if (frame.pkg) return `package ${frame.pkg}`;
  if (frame.app) return `app: ${frame.app}`;
  if (frame.server) return `server.js: ${frame.server}`;
  return `other: ${frame.other}`;
}

function summarize(profile, answers) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frames = new Map();
  const frame = (node) => {
    if (!frames.has(node.id)) frames.set(node.id, frameOf(node.callFrame));
    return frames.get(node.id);
  };
  // Which layer (or leftover name) a sampled node's time goes to, by the nearest layer frame above it.
  const claim = new Map();
  const claimOf = (id) => {
    if (claim.has(id)) return claim.get(id);
    const leaf = frame(byId.get(id));
    let owner;
    // Promise hooks and the collector run wherever they were triggered: named apart.
    if (leaf.node === "async_hooks" || leaf.native === "(garbage collector)" || leaf.native === "(program)") owner = leftover(leaf);
    for (let at = id; owner === undefined && at !== undefined; at = parent.get(at)) {
      const found = frame(byId.get(at));
      const layer = layerOf(found);
      if (!layer) continue;
      owner = layer.name;
      // A package's work called directly by a layer that owns its callees is that layer's.
      if (found.pkg) {
        let above = parent.get(at);
        while (above !== undefined && frame(byId.get(above)).pkg) above = parent.get(above);
        const caller = above === undefined ? undefined : layerOf(frame(byId.get(above)));
        if (caller?.callees) owner = caller.name;
      }
    }
    owner ??= leftover(leaf);
    claim.set(id, owner);
    return owner;
  };
  const layers = new Map();
  const self = new Map();
  const packages = new Map();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    const node = byId.get(id);
    // A sample's time is the interval up to the next one.
    const dt = profile.timeDeltas[i + 1] ?? 0;
    if (node.callFrame.functionName === "(idle)") continue;
    busy += dt;
    layers.set(claimOf(id), (layers.get(claimOf(id)) ?? 0) + dt);
    const f = frame(node);
    const where = f.pkg ?? (f.node ? `node:${f.node}` : f.app ? "app (build/server)" : f.server ? "server.js" : f.native ?? f.other);
    const key = `${node.callFrame.functionName || "(anonymous)"}  ${where}${f.app ? `:${f.app}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    packages.set(where, (packages.get(where) ?? 0) + dt);
  }
  const perAnswer = (us) => Math.round((us / Math.max(answers, 1)) * 10) / 10;
  const rows = (map, n = Infinity) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([what, us]) => ({ what, usPerAnswer: perAnswer(us), share: Math.round((us / busy) * 1000) / 10 }));
  const wave3 = new Set(LAYERS.filter((l) => l.wave3).map((l) => l.name));
  return {
    busyUsPerAnswer: perAnswer(busy),
    layers: rows(layers).map((r) => ({ ...r, wave3: wave3.has(r.what) })),
    functions: rows(self, TOP),
    packages: rows(packages, TOP),
  };
}

/** The request autocannon sends, fresh codes or packs each time where the target consumes them. */
async function requestFor(server) {
  const headers = target.api ? { "content-type": "application/json", accept: "application/json", "accept-encoding": "gzip" } : { accept: "text/html", "accept-encoding": "gzip" };
  if (target.path.startsWith("/admin/")) headers.cookie = (await login(server.base)).cookie;
  const request = { method: target.method, path: target.path, headers };
  if (kind === "verify") {
    const store = await openStore(server.databaseUrl, { dataDir: server.dataDir });
    const codes = await store.insertCodes({ count: CODES, productIds: await productIds(server.base), prefix: "PF", returnActive: true });
    await store.close();
    let next = 0;
    request.setupRequest = (req) => ({ ...req, body: JSON.stringify({ code: codes[next++ % codes.length] }) });
  }
  if (kind === "redeem") {
    const packs = await makePacks(server.base, (await productIds(server.base))[0], { quantity: PACKS, lot: "PROFILE-PACKS" });
    let next = 0;
    request.setupRequest = (req) => {
      const pack = packs[next++ % packs.length];
      return { ...req, path: `/api/v1/packs/${pack.serial}/redeem/`, body: JSON.stringify({ pin: pack.pin }) };
    };
  }
  if (kind === "baseline" || kind === "static") delete request.headers["content-type"];
  return request;
}

await ensureBuild();
const load = machine();
const dataDir = tempDir("profile");
const inspectPort = await freePort();
const database = process.env.BENCH_DATABASE_URL ? await freshPostgresDatabase(process.env.BENCH_DATABASE_URL, "profile") : undefined;
const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "1" }, nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`], databaseUrl: database?.url });
let result;
let profile;
let cpuMs;
try {
  const request = await requestFor(server);
  await cannon({ url: server.base, connections: CONNECTIONS, duration: WARMUP, requests: [request] });
  const inspector = await inspectorSession(inspectPort);
  try {
    await inspector.call("Profiler.enable");
    await inspector.call("Profiler.setSamplingInterval", { interval: INTERVAL_US });
    await inspector.call("Profiler.start");
    const cpuBefore = server.cpuMs();
    result = await cannon({ url: server.base, connections: CONNECTIONS, duration: DURATION, requests: [request] });
    cpuMs = server.cpuMs() - cpuBefore;
    profile = (await inspector.call("Profiler.stop")).result.profile;
  } finally {
    inspector.close();
  }
} finally {
  await server.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
const answers = result.requests.total;
const summary = summarize(profile, answers);
const name = `profile-${kind ?? (target.path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root")}${database ? "-postgres" : ""}`;
const kept = join(resultsDir, `${name}.cpuprofile`);
writeFileSync(kept, JSON.stringify(profile));
const atEnd = machine();
const cpuPerAnswer = Math.round((cpuMs / Math.max(answers, 1)) * 1000) / 1000;
writeFileSync(
  join(resultsDir, `${name}.json`),
  `${JSON.stringify({ date: new Date().toISOString(), serverDir, target: { ...target, kind }, connections: CONNECTIONS, durationSeconds: DURATION, intervalUs: INTERVAL_US, machine: load, loadAtEnd: atEnd.loadavg, answers, rps: result.requests.average, errors: result.non2xx + result.errors + result.timeouts, processCpuMsPerAnswer: cpuPerAnswer, ...summary }, null, 2)}\n`,
);

const pad = (s, n) => String(s).padStart(n);
console.log(`${target.method} ${target.path}${database ? " on PostgreSQL" : ""}: ${fmt(result.requests.average, 0)} req/s under the profiler, ${fmt(answers, 0)} answers (${result.non2xx + result.errors + result.timeouts} not 2xx), p99 ${result.latency.p99} ms, ${CONNECTIONS} connections, ${DURATION} s, sampled every ${INTERVAL_US} µs`);
console.log(`load average at the start ${load.loadavg.join(" ")}, at the end ${atEnd.loadavg.join(" ")} on ${load.cpus} CPUs`);
console.log(`CPU per answer: ${cpuPerAnswer.toFixed(3)} ms for the process (every thread), ${(summary.busyUsPerAnswer / 1000).toFixed(3)} ms sampled on the serving thread`);
console.log("\nthe serving thread's time by layer (µs per answer, share; * = added to the request's path in the third wave):");
for (const l of summary.layers) console.log(`${pad(l.usPerAnswer.toFixed(1), 8)} µs ${pad(l.share.toFixed(1), 5)} %  ${l.wave3 ? "* " : "  "}${l.what}`);
console.log("\ntop self time by function:");
for (const f of summary.functions) console.log(`${pad(f.share.toFixed(1), 6)} %  ${f.what}`);
console.log("\nby package:");
for (const f of summary.packages) console.log(`${pad(f.share.toFixed(1), 6)} %  ${f.what}`);
console.log(`\nprofile: ${kept.replace(`${root}`, "")} (Chrome DevTools), figures: ${join(resultsDir, `${name}.json`).replace(`${root}`, "")}`);
