// Shared helpers of the measuring scripts (`npm run bench`, `bench:verify`, `lighthouse`,
// `bench:growth`, `test:hardening`): build, start the production server on a fresh database on a
// loopback port, read its memory, log in, seed codes, drive autocannon. Loopback only, bounded.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { bin, run } from "../scripts/run.mjs";

export const root = new URL("..", import.meta.url).pathname;
export const resultsDir = join(root, "bench/results");

/** Ports this tool may use: MEASURE_PORTS="3300-3399" by default (loopback only). */
const [PORT_MIN, PORT_MAX] = (process.env.MEASURE_PORTS ?? "3300-3399").split("-").map(Number);
let nextPort = PORT_MIN;

function portFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** A free loopback port from the range, never the same one twice in a run. */
export async function freePort() {
  for (let tries = 0; tries <= PORT_MAX - PORT_MIN; tries++) {
    const port = nextPort;
    nextPort = nextPort >= PORT_MAX ? PORT_MIN : nextPort + 1;
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_MIN}-${PORT_MAX} (set MEASURE_PORTS=from-to)`);
}

const SOURCES = ["app", "locales", "migrations", "db", "public", "vite.config.ts", "react-router.config.ts"];
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

/** Builds the production bundle when it is missing, older than the sources, or `--build` was given (not when measuring BENCH_SERVER_DIR). */
export async function ensureBuild({ force = process.argv.includes("--build") } = {}) {
  if (serverDir !== root) return;
  const stamp = join(root, "build/server/index.js");
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (!force && built >= changed) return;
  console.log(built ? "Sources changed since the last build: building…" : "Building the production bundle…");
  const code = await run(bin("react-router"), ["build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
  if (code !== 0) throw new Error("build failed");
}

export const ADMIN = { username: "bench-admin", password: "bench-password-long-enough" };

/** Very high limits: a benchmark or a stress run measures the server, not its abuse limits. */
export const HIGH_LIMITS = {
  VERIFY_RATE_LIMIT: "100000000",
  CONTACT_RATE_LIMIT: "100000000",
  REPORT_RATE_LIMIT: "100000000",
  LOGIN_RATE_LIMIT: "100000",
  CODE_READ_RATE_LIMIT: "100000",
};

export function tempDir(prefix) {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** Servers started by this process, killed (whole process groups) if it exits without stopping them. */
const started = new Set();
process.on("exit", () => {
  for (const pid of started) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  }
});

/**
 * The Node options `npm start` gives the server (package.json's start script: the heap's size,
 * decision 139), so what is measured is what runs; an option of the same name in `nodeArgs` wins.
 */
const START_OPTIONS = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.start.match(/--[\w-]+=\S+/g) ?? [];
function withStartOptions(nodeArgs) {
  const named = (option) => option.split("=")[0];
  return [...START_OPTIONS.filter((option) => !nodeArgs.some((arg) => named(arg) === named(option))), ...nodeArgs];
}

/**
 * Starts `server.js` (the production build) on a loopback port. `dataDir` holds the database
 * (fresh unless given) and the generated secret; `databaseUrl` points it elsewhere (PostgreSQL).
 * The server runs in its own process group: `kill()` is a crash of the primary and every worker at
 * once (SIGKILL to the group), `stop()` a SIGTERM to the primary, which drains its workers.
 * Returns {base, port, pid, child, stop, kill, rss, log, workers}.
 */
export async function startServer({ dataDir, env = {}, port, quiet = true, captureLog = false, nodeArgs = [], databaseUrl } = {}) {
  dataDir ??= tempDir("measure");
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const databasePath = join(dataDir, "app.db");
  const url = databaseUrl ?? `file:${databasePath}`;
  const child = spawnServer({ base, port, dataDir, databaseUrl: url, env, quiet, captureLog, nodeArgs });
  const output = captureOutput(child);
  const server = serverHandle(child, { base, port, dataDir, databasePath, databaseUrl: url }, output);
  try {
    await waitFor(`${base}/readyz`, 60_000, server.exited);
  } catch (error) {
    await server.kill();
    const [stderr, stdout] = [output.stderr(), output.log()];
    throw new Error(`${error.message}\n${stderr.trim().split("\n").slice(-5).join("\n")}${stdout ? `\n${stdout.trim().split("\n").slice(-5).join("\n")}` : ""}`);
  }
  return server;
}

/**
 * Where the measured `server.js` and its build are: this checkout, or BENCH_SERVER_DIR (another
 * checkout's folder with its own `build/`, to measure a before and an after on the same machine).
 */
export const serverDir = process.env.BENCH_SERVER_DIR ?? root;

/** `server.js` with the start script's Node options, in its own process group, on the test's settings. */
function spawnServer({ base, port, dataDir, databaseUrl, env, quiet, captureLog, nodeArgs }) {
  const child = spawn(process.execPath, [...withStartOptions(nodeArgs), "server.js"], {
    cwd: serverDir,
    detached: true,
    stdio: ["ignore", captureLog ? "pipe" : quiet ? "ignore" : "inherit", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: base,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_FORMAT: "json",
      ...HIGH_LIMITS,
      ...env,
    },
  });
  started.add(child.pid);
  return child;
}

/** Keeps the tail of the server's stderr and (with captureLog) its stdout, the log. */
function captureOutput(child) {
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
    if (stderr.length > 20_000) stderr = stderr.slice(-10_000);
  });
  let stdout = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
    if (stdout.length > 50_000_000) stdout = stdout.slice(-25_000_000);
  });
  return { stderr: () => stderr, log: () => stdout };
}

/** What startServer returns: the server's facts, its output, its memory and CPU, stop() and kill(). */
function serverHandle(child, { base, port, dataDir, databasePath, databaseUrl }, output) {
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      started.delete(child.pid);
      resolve({ code, signal });
    }),
  );
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  const server = {
    base,
    port,
    dataDir,
    databasePath,
    databaseUrl,
    child,
    pid: child.pid,
    exited,
    stderr: output.stderr,
    /** Everything the server wrote to stdout (its log), when started with captureLog. */
    log: output.log,
    /** The worker processes (children of the primary) right now. */
    workers: () => childPids(child.pid),
    /** Resident memory of the primary and its workers, now and at their peaks (VmHWM), in MB. */
    rss: () => {
      const all = [child.pid, ...childPids(child.pid)].map(readRss);
      // Also each process's own peak, the primary first: the issue's memory target is per process.
      return { rssMb: all.reduce((n, r) => n + r.rssMb, 0), peakMb: all.reduce((n, r) => n + r.peakMb, 0), peaksMb: all.map((r) => Math.round(r.peakMb)) };
    },
    /** CPU time used so far by the primary and its workers, all their threads (user + system), in ms. */
    cpuMs: () => [child.pid, ...childPids(child.pid)].reduce((n, pid) => n + readCpuMs(pid), 0),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => killGroup("SIGKILL"), 20_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    async kill() {
      killGroup("SIGKILL");
      await exited;
    },
  };
  return server;
}

/** Child process ids of `pid` (a cluster primary's workers). */
export function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

export async function waitFor(url, ms = 30_000, exited) {
  const until = Date.now() + ms;
  let gone = false;
  exited?.then(() => (gone = true));
  while (Date.now() < until) {
    if (gone) throw new Error(`server exited before answering ${url}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(150);
  }
  throw new Error(`server did not answer ${url} within ${ms} ms`);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A session with a server's inspector (a server started with `--inspect=127.0.0.1:<port>`):
 * `call(method, params)` sends one DevTools protocol command and resolves with its answer;
 * `close()` ends the session. Used for the memory after a full collection and for CPU profiles of
 * a measured window (`npm run bench:profile`).
 */
export async function inspectorSession(inspectPort) {
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  // ws (the browser's WebSocket where Node has one), with room for a CPU profile's answer.
  const socket = globalThis.WebSocket
    ? new globalThis.WebSocket(target.webSocketDebuggerUrl)
    : new (await import("ws")).default(target.webSocketDebuggerUrl, { maxPayload: 1024 * 1024 * 1024 });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let id = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(typeof event.data === "string" ? event.data : event.data.toString());
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const n = ++id;
      pending.set(n, resolve);
      socket.send(JSON.stringify({ id: n, method, params }));
    });
  return { call, close: () => socket.close() };
}

/**
 * The server's memory after a full garbage collection, through its inspector (a server started
 * with `--inspect=127.0.0.1:<port>`): what it really retains, as opposed to RSS, which V8 lets grow
 * with garbage under load. Returns MB: {heapUsed, external, rss}.
 */
export async function memoryAfterGc(inspectPort) {
  const { call, close } = await inspectorSession(inspectPort);
  try {
    await call("HeapProfiler.collectGarbage");
    await call("HeapProfiler.collectGarbage");
    const answer = await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true });
    const usage = JSON.parse(answer.result.result.value);
    const mb = (n) => Math.round((n / 1048576) * 10) / 10;
    return { heapUsed: mb(usage.heapUsed), external: mb(usage.external + (usage.arrayBuffers ?? 0)), rss: mb(usage.rss) };
  } finally {
    close();
  }
}

export function readRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
  } catch {
    return { rssMb: 0, peakMb: 0 };
  }
}

/** A process's CPU time so far, every thread (utime + stime of /proc/PID/stat), in ms; 0 once it is gone. */
export function readCpuMs(pid) {
  try {
    // The fields after the command name, which may hold spaces: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** /proc's clock ticks per second (USER_HZ; 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * fetch, retried once when a kept-alive connection was closed by the server in the meantime (its
 * idle timeout passed while this process was busy, e.g. seeding): the request never reached it.
 */
export async function fetchRetry(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!/UND_ERR_SOCKET|ECONNRESET|other side closed/i.test(`${error?.cause?.code} ${error?.cause?.message}`)) throw error;
    return fetch(url, init);
  }
}

/** Logs in through the API: {access, refresh, cookie} for bearer calls and admin pages. */
export async function login(base, credentials = ADMIN) {
  const response = await fetchRetry(`${base}/api/v1/users/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(credentials),
  });
  const body = await response.json();
  if (response.status !== 200 || !body?.data?.access_token) throw new Error(`login failed: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  const access = body.data.access_token;
  const refresh = body.data.refresh_token;
  return { access, refresh, cookie: `__Host-access_token=${access}; __Host-refresh_token=${refresh}` };
}

/**
 * A two-part run of `quantity` packs made through the API, read back from its printer's CSV: each
 * pack's serial, PIN and the path (and query) of its GS1 Digital Link, what its QR opens.
 */
export async function makePacks(base, productId, { quantity, lot }) {
  const { access } = await login(base);
  const auth = { authorization: `Bearer ${access}` };
  const created = await fetch(`${base}/api/v1/batches/create/`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ product_id: productId, quantity, lot, best_before: "2029-12-31", label: "two_part" }),
  });
  const body = await created.json();
  if (created.status !== 201) throw new Error(`creating ${quantity} packs answered ${created.status}: ${JSON.stringify(body).slice(0, 200)}`);
  const csv = await fetch(`${base}/api/v1/batches/${body.data.batch.id}/codes.csv`, { headers: auth });
  const [header, ...rows] = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n").filter(Boolean).map((line) => line.split(","));
  const at = (name) => header.indexOf(name);
  return rows.map((row) => {
    const link = new URL(row[at("dl_url")]);
    return { serial: row[at("pack_serial")], pin: row[at("pin")].replaceAll("-", ""), path: link.pathname + link.search, pathname: link.pathname };
  });
}

export { insertCodes, keysFor, randomCode } from "./seed.mjs";

export function openDb(path, options) {
  const db = new Database(path, options);
  db.pragma("busy_timeout = 10000");
  return db;
}

/** Product ids of the catalogue, from the server's own API. */
export async function productIds(base) {
  const body = await (await fetchRetry(`${base}/api/v1/products/`)).json();
  const list = Array.isArray(body.data) ? body.data : body.data?.products ?? [];
  const ids = list.map((p) => p.id).filter(Boolean);
  if (ids.length === 0) throw new Error("no products from /api/v1/products/");
  return ids;
}

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ pipelining: 1, timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export function machine() {
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    loadavg: loadavg().map((n) => Number(n.toFixed(2))),
    node: process.version,
  };
}

export function writeResult(name, data) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, name);
  writeFileSync(file, JSON.stringify(data, null, 2) + "\n");
  return file;
}

export const fmt = (n, digits = 1) => Number(n).toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** Kills the run when it overstays its bound. */
export function timeLimit(ms, onExpire) {
  const timer = setTimeout(async () => {
    console.error(`Time limit of ${Math.round(ms / 1000)} s exceeded: stopping.`);
    try {
      await onExpire?.();
    } finally {
      process.exit(1);
    }
  }, ms);
  timer.unref();
  return timer;
}

export { dirname, join, rmSync };
