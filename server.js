// Production server. `npm start` (scripts/start.mjs) builds when needed and calls startServer().
//
// With WEB_CONCURRENCY > 1 (the default is one per CPU) this process is the cluster's primary: it
// checks the secret, migrates the database and creates the first admin once, then starts the
// workers (node:cluster, which share the port), replaces a worker that dies, runs the daily backup
// when asked, and on SIGTERM lets every worker drain. WEB_CONCURRENCY=1 serves from this process.
//
// Each serving process is Express in front of React Router: the HTTP edge (app/http/edge.server.ts,
// from the build) answers health checks and refuses what the app can never serve before the
// framework sees it; request bodies reach the framework through a counter that stops at the cap.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import compression from "compression";
import express from "express";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import { createRequestHandler } from "react-router";
import { markRunning, scheduleBackups } from "./db/backup.mjs";

const BUILD_PATH = fileURLToPath(new URL("./build/server/index.js", import.meta.url));
const CLIENT_DIR = fileURLToPath(new URL("./build/client", import.meta.url));
const SERVER_PATH = fileURLToPath(import.meta.url);
const DRAIN_MS = 10_000;

/**
 * zlib levels (decision 176). Answers made per request (pages, the API's lists) at 3: about half the
 * CPU of the default 6 for 5–7 % more bytes, a public page still inside the first round trip's 14 kB;
 * the hashed assets, fetched once per browser and kept a year, at the default. `npm run bench:size`
 * measures documents at `answers`.
 */
export const COMPRESSION_LEVELS = { answers: 3, assets: 6 };

function oneLine(error) {
  return (error instanceof Error ? error.message : String(error)).split("\n")[0];
}

/** The built application and its configuration; stops with one line on a wrong variable. */
async function loadApp(base) {
  const build = await import(BUILD_PATH);
  const runtime = build.entry.module.runtime;
  const config = runtime.env();
  runtime.configureLogger({ format: config.LOG_FORMAT, level: config.LOG_LEVEL, base });
  runtime.routeConsoleToLogger();
  // Every file this process creates (database, WAL, backups, secret) is owner-only.
  process.umask(0o077);
  return { build, runtime, config, logger: runtime.log() };
}

function describeDatabase(runtime, config) {
  return config.DATABASE_ENGINE === "sqlite" ? `SQLite ${config.DATABASE_PATH}` : `PostgreSQL ${runtime.redactDatabaseUrl(config.DATABASE_URL)}`;
}

// ── Serving ──────────────────────────────────────────────────────────────────────────────────────

/** React Router's handler over Node's request/response, reading the body through the edge's cap. */
function reactRouterHandler(build, mode, edge) {
  const { loadContext, runtime } = build.entry.module;
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    // The page cache in front (below) may keep the framework's answer; it always strips its header.
    const capture = res.locals.pageCapture ?? ((response) => response);
    // Aborted when the answer ends before the framework's does (the edge refused an over-long body,
    // or the client went away): React Router then logs nothing, and its late answer is dropped.
    const controller = new AbortController();
    let pending = true;
    res.once("close", () => {
      if (pending || !res.writableFinished) controller.abort();
    });
    try {
      // A document request (not React Router's `.data`) may leave rendered-only content out of its
      // hydration data (decision 140, app/http/rendered-only.server.ts).
      const context = loadContext({ document: !req.path.endsWith(".data") });
      const response = await capture(await handle(toFetchRequest(req, edge, controller.signal), context));
      pending = false;
      // The metrics label this request with the route React Router matched (decision 175).
      res.locals.routePattern = runtime.metrics.routePatternOf(context) ?? undefined;
      await sendResponse(res, response);
    } catch (error) {
      pending = false;
      if (controller.signal.aborted) return;
      next(error);
    }
  };
}

function toFetchRequest(req, edge, signal) {
  // req.protocol and req.hostname honour X-Forwarded-Proto/-Host only from TRUST_PROXY's proxies.
  const host = req.get("host") ?? "localhost";
  const port = /:(\d+)$/.exec(host)?.[1];
  const url = new URL(`${req.protocol}://${req.hostname || "localhost"}${port ? `:${port}` : ""}${req.originalUrl}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, value);
  }
  const init = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(edge.limitedBody(req) ?? req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** An answer of a known length up to this (the API's JSON) is read whole and written in one go. */
const WHOLE_BODY_MAX = 64 * 1024;

async function sendResponse(res, response) {
  // The edge may have answered already (a body over the cap): the framework's answer is dropped.
  if (res.destroyed || res.writableEnded || res.headersSent) {
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  for (const [key, value] of response.headers) if (key !== "set-cookie") res.setHeader(key, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length) res.setHeader("Set-Cookie", cookies);
  if (!response.body) return void res.end();
  try {
    // A page streams as React renders it; a short answer of known length needs no stream's machinery.
    if (Number(response.headers.get("content-length") ?? Number.NaN) <= WHOLE_BODY_MAX) return void res.end(Buffer.from(await response.arrayBuffer()));
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

/** A raw HTTP answer on a socket Express never sees (CONNECT, unparsable requests). */
function rawAnswer(socket, status, reason, securityHeaders, extra = []) {
  if (!socket.writable) return socket.destroy();
  const lines = [`HTTP/1.1 ${status} ${reason}`, ...securityHeaders.map(([k, v]) => `${k}: ${v}`), ...extra, "Content-Length: 0", "Connection: close", "", ""];
  socket.end(lines.join("\r\n"));
}

/** Starts one serving process on PORT; resolves with its drain() once it listens. */
async function serve({ build, runtime, config, logger }) {
  const { edge } = runtime;
  const trust = edge.trustFunction(config.TRUST_PROXY);
  const hsts = config.NODE_ENV === "production" && config.SITE_URL.startsWith("https:");
  let draining = false;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trust);
  app.use(edge.securityHeaders({ hsts }));
  app.use(edge.healthChecks({ readiness: runtime.readiness, draining: () => draining }));
  // GET /metrics with METRICS_TOKEN (decision 158); every later request is counted under its route's pattern.
  app.use(runtime.metrics.metricsEndpoint({ token: config.METRICS_TOKEN, scrape: runtime.metrics.scrapeSource() }));
  app.use(runtime.metrics.requestMetrics(build.routes));
  app.use(edge.requestIdentity(trust));
  app.use(edge.accessLog(runtime.log, runtime.clientTag));
  app.use(edge.methodAndPathGuard());
  app.use(edge.bodyLimit());
  app.use((_req, res, next) => {
    // While draining, every answer closes its connection, so keep-alive clients move elsewhere.
    const writeHead = res.writeHead;
    res.writeHead = function (...args) {
      if (draining) this.setHeader("Connection", "close");
      return writeHead.apply(this, args);
    };
    next();
  });
  const compressAnswer = compression({ level: COMPRESSION_LEVELS.answers });
  const compressAsset = compression({ level: COMPRESSION_LEVELS.assets });
  app.use((req, res, next) => (req.path.startsWith("/assets/") ? compressAsset : compressAnswer)(req, res, next));
  // A public page the same for every visitor is answered from memory (decision 132), before the
  // static files' disk lookups; otherwise `pageCapture` may keep the framework's answer.
  const pageCache = runtime.pageCache(config.PAGE_CACHE_SECONDS);
  app.use((req, res, next) => {
    pageCache.handle(req, res).then((capture) => {
      if (!capture) return;
      res.locals.pageCapture = capture;
      next();
    }, next);
  });
  // Hashed assets never change: cache them for a year.
  app.use("/assets", express.static(`${CLIENT_DIR}/assets`, { immutable: true, maxAge: "1y", index: false }));
  // The other files of public/; nothing there is under /api/, so the API's requests skip the disk lookup.
  const publicFiles = express.static(CLIENT_DIR, { maxAge: "1h", index: false });
  app.use((req, res, next) => (req.path.startsWith("/api/") ? next() : publicFiles(req, res, next)));
  app.all("*", reactRouterHandler(build, config.NODE_ENV, edge));
  // Only real failures reach here: logged with their stack, answered 500 without one.
  app.use((error, req, res, _next) => {
    logger.error("request failed", { err: error, method: req.method, path: req.path });
    if (res.headersSent) return void res.destroy();
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  // A whole request within REQUEST_TIMEOUT_SECONDS (headers within 10 s), and at most
  // MAX_CONNECTIONS_PER_CLIENT connections per client to this process (issue 42).
  const server = createServer(edge.serverTimeouts(config.REQUEST_TIMEOUT_SECONDS), app);
  const rawHeaders = edge.securityHeaderList({ hsts });
  server.on("connection", edge.connectionCap({ max: config.MAX_CONNECTIONS_PER_CLIENT, trust, headers: rawHeaders }));
  server.on("connect", (_req, socket) => rawAnswer(socket, 405, "Method Not Allowed", rawHeaders, ["Allow: GET, HEAD, POST"]));
  server.on("clientError", (error, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
    if (error.code === "HPE_HEADER_OVERFLOW") return rawAnswer(socket, 431, "Request Header Fields Too Large", rawHeaders);
    rawAnswer(socket, 400, "Bad Request", rawHeaders);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // The alert webhook's deliveries (leased, so several processes share them) and the daily scan
  // retention run beside the requests in every serving process.
  runtime.startProtectionJobs();

  const drain = async () => {
    if (draining) return;
    draining = true;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const timer = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
    await closed;
    clearTimeout(timer);
    runtime.stopProtectionJobs();
    await runtime.closeDb().catch((error) => logger.error("closing the database failed", { err: error }));
  };
  return { server, drain };
}

/** Ends the process once `drain` is done (or after a bound), on SIGTERM/SIGINT and when asked. */
function exitAfter(drain, logger, cleanup = () => {}) {
  let stopping = false;
  return async (reason) => {
    if (stopping) return;
    stopping = true;
    logger.info("draining", { reason });
    setTimeout(() => process.exit(1), DRAIN_MS + 5_000).unref();
    try {
      await drain();
    } finally {
      cleanup();
      process.exit(0);
    }
  };
}

function exitOnCrash(logger) {
  process.on("uncaughtException", (error) => {
    logger.fatal("uncaught exception", { err: error });
    process.exit(1);
  });
  process.on("unhandledRejection", (error) => {
    logger.fatal("unhandled rejection", { err: error });
    process.exit(1);
  });
}

// ── Roles ────────────────────────────────────────────────────────────────────────────────────────

async function startWorker() {
  const id = Number(process.env.WORKER_ID ?? cluster.worker?.id ?? 0);
  let app;
  try {
    app = await loadApp({ worker: id });
    exitOnCrash(app.logger);
    app.runtime.checkServerSecret();
    // The primary sums the workers' metrics: this worker answers its requests for them.
    app.runtime.metrics.answerPrimary();
    // The primary migrated before starting workers; a worker only checks the database is migrated.
    await app.runtime.initDb({ migrate: false });
    const { drain } = await serve(app);
    const stop = exitAfter(drain, app.logger);
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
    // The primary is gone (killed): stop serving rather than run unsupervised.
    process.on("disconnect", () => stop("primary gone"));
  } catch (error) {
    process.send?.({ type: "start-failed", reason: oneLine(error) });
    process.exit(1);
  }
}

async function prepare(app) {
  const { runtime, config, logger } = app;
  runtime.checkServerSecret();
  await runtime.initDb({ migrate: true });
  logger.info("database ready", { database: describeDatabase(runtime, config), migrated: true });
  await runtime.ensureInitialAdmin();
  const unmark = markRunning(config.DATA_DIR);
  let backups;
  if (config.BACKUP_SCHEDULE === "daily") {
    if (config.DATABASE_ENGINE === "sqlite" && config.DATABASE_PATH !== ":memory:") {
      backups = scheduleBackups({
        databasePath: config.DATABASE_PATH,
        dir: config.BACKUP_DIR,
        keep: config.BACKUP_KEEP,
        logger,
        firstDelayMs: Number(process.env.BACKUP_FIRST_DELAY_SECONDS ?? 60) * 1000,
      });
    } else {
      logger.warn("BACKUP_SCHEDULE=daily backs up SQLite only: on PostgreSQL schedule pg_dump (see the README)");
    }
  }
  return () => {
    backups?.stop();
    unmark();
  };
}

/** METRICS_PORT: the metrics on a loopback listener of their own (decision 158). */
async function listenForScrapes({ runtime, config, logger }, scrape) {
  if (config.METRICS_PORT === undefined) return;
  await runtime.metrics.listenForScrapes({ port: config.METRICS_PORT, token: config.METRICS_TOKEN, scrape });
  logger.info(`Metrics on http://127.0.0.1:${config.METRICS_PORT}/metrics`);
}

async function startSingle(app) {
  const { runtime, config, logger } = app;
  // First, so a METRICS_PORT already taken stops the start before anything else is done.
  await listenForScrapes(app, runtime.metrics.scrapeSource());
  const cleanup = await prepare(app);
  const { drain } = await serve(app);
  logger.info(`Listening on ${config.SITE_URL}`, { port: config.PORT, workers: 1, database: describeDatabase(runtime, config) });
  const stop = exitAfter(drain, logger, cleanup);
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

/** A worker could not start: every worker is killed, and the primary says why in one line and exits 1. */
function abortStart(reason, cleanup) {
  console.error(`Server failed to start: ${reason}`);
  for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGKILL");
  cleanup();
  process.exit(1);
}

/** Counts a worker's death; true once `limit` died within the last `windowMs` (a crash loop). */
function deathsWithin(windowMs, limit) {
  const deaths = [];
  return () => {
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0] < now - windowMs) deaths.shift();
    return deaths.length >= limit;
  };
}

/** SIGTERM to every worker, SIGKILL to those still running after the drain time; resolves when all have exited. */
async function drainWorkers() {
  const workers = Object.values(cluster.workers ?? {}).filter(Boolean);
  const exited = workers.map((worker) => new Promise((resolve) => (worker.isDead() ? resolve() : worker.once("exit", resolve))));
  for (const worker of workers) worker.process.kill("SIGTERM");
  const timer = setTimeout(() => {
    for (const worker of workers) if (!worker.isDead()) worker.process.kill("SIGKILL");
  }, DRAIN_MS + 5_000);
  await Promise.all(exited);
  clearTimeout(timer);
}

async function startPrimary(app) {
  const { runtime, config, logger } = app;
  // The metrics are every worker's, summed here: for METRICS_PORT (first, so a port already taken
  // stops the start before anything else is done) and for a worker asked on the public port.
  await listenForScrapes(app, runtime.metrics.clusterMetricsText);
  runtime.metrics.answerWorkers();
  const cleanup = await prepare(app);
  // The primary serves nothing: the workers open their own connections.
  await runtime.closeDb();

  const count = config.WEB_CONCURRENCY;
  const slots = new Map(); // cluster worker id → slot number (1..count)
  const crashLoop = deathsWithin(60_000, 10);
  let stopping = false;
  let listening = 0;
  let started = false;

  cluster.setupPrimary({ exec: SERVER_PATH, args: [] });
  const fork = (slot) => {
    const worker = cluster.fork({ WORKER_ID: String(slot) });
    slots.set(worker.id, slot);
    worker.on("message", (message) => {
      if (message?.type === "start-failed" && !started) {
        stopping = true;
        abortStart(message.reason, cleanup);
      }
    });
    return worker;
  };

  cluster.on("listening", () => {
    listening += 1;
    if (!started && listening >= count) {
      started = true;
      logger.info(`Listening on ${config.SITE_URL}`, { port: config.PORT, workers: count, database: describeDatabase(runtime, config) });
    }
  });

  cluster.on("exit", (worker, code, signal) => {
    const slot = slots.get(worker.id);
    slots.delete(worker.id);
    if (stopping) return;
    if (!started) {
      // A worker that died before listening without saying why (a start failure says so itself).
      stopping = true;
      abortStart(`worker ${slot} exited before listening (${signal ?? `code ${code}`})`, cleanup);
    }
    if (crashLoop()) {
      logger.fatal("workers keep dying (10 in 60 s): stopping", { last_code: code, last_signal: signal });
      void stopAll("crash loop", 1);
      return;
    }
    logger.error("worker died: starting a replacement", { worker: slot, pid: worker.process.pid, code, signal });
    fork(slot);
  });

  const stopAll = async (reason, exitCode = 0) => {
    if (stopping && reason !== "crash loop") return;
    stopping = true;
    logger.info("stopping: draining every worker", { reason });
    await drainWorkers();
    cleanup();
    logger.info("stopped");
    process.exit(exitCode);
  };
  process.on("SIGTERM", () => void stopAll("SIGTERM"));
  process.on("SIGINT", () => void stopAll("SIGINT"));

  for (let slot = 1; slot <= count; slot++) fork(slot);
}

export async function startServer() {
  if (cluster.isWorker) return startWorker();
  const app = await loadApp({});
  exitOnCrash(app.logger);
  if (app.config.WEB_CONCURRENCY <= 1) return startSingle(app);
  return startPrimary(app);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  startServer().catch((error) => {
    console.error(`Server failed to start: ${oneLine(error)}`);
    process.exit(1);
  });
}
