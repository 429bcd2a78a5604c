import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { AggregatorRegistry, prometheusContentType } from "prom-client";
import { log } from "~/lib/log.server";
import { localMetricsText, metrics, recordRequest } from "./metrics.server";
import { routePatterns, type RouteEntry } from "./route-pattern";

export { routePatternOf } from "./route-pattern";

/**
 * How `GET /metrics` is served (decision 158). Never public by default: on the public port only
 * with `METRICS_TOKEN` as a bearer token (without one the path is an ordinary unknown page, 404);
 * on `METRICS_PORT`, a listener of its own bound to 127.0.0.1 (the token is asked there too when set).
 * With several workers, the answer is the sum over all of them: the primary asks each worker for its
 * registry (prom-client's AggregatorRegistry, over node:cluster's IPC) and sums them; a worker asked
 * on the public port asks the primary. Scrapes are not audited (a monitor scrapes every 15 s).
 */

/** Where a scrape's text comes from: this process alone, or the cluster's sum. */
export type Scrape = () => Promise<string>;

/**
 * Counts every request that goes past it, under its route's pattern, once its answer has ended: the
 * pattern React Router matched (`res.locals.routePattern`, set by server.js from `routePatternOf`),
 * else the request's path matched against the manifest.
 */
export function requestMetrics(routes: Record<string, RouteEntry | undefined>): RequestHandler {
  const patternOf = routePatterns(routes);
  metrics();
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      const pattern = (res.locals?.routePattern as string | undefined) ?? patternOf((req.url ?? "/").split("?")[0]!);
      recordRequest(pattern, req.method, res.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** True when the request carries `Authorization: Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header?.trim() ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token));
}

function answer(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}, head = false): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  if (!res.hasHeader("Content-Type")) res.setHeader("Content-Type", "text/plain; charset=utf-8");
  res.end(head ? undefined : body);
}

/** Answers one request for the metrics: 405 but for GET/HEAD, 401 without the token (when one is set), else the text. */
function serveScrape(req: IncomingMessage, res: ServerResponse, scrape: Scrape, token: string | undefined): void {
  if (req.method !== "GET" && req.method !== "HEAD") return answer(res, 405, "Method Not Allowed\n", { Allow: "GET, HEAD" });
  if (token !== undefined && !bearerMatches(req.headers.authorization, token)) {
    return answer(res, 401, "Unauthorized\n", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
  scrape().then(
    (text) => answer(res, 200, text, { "Content-Type": prometheusContentType }, req.method === "HEAD"),
    (error: unknown) => {
      log().error("metrics: scrape failed", { err: error });
      answer(res, 503, "Metrics unavailable\n");
    },
  );
}

/** `GET /metrics` on the public port: only with a token; without one the request goes on (to the not-found page). */
export function metricsEndpoint(options: { token: string | undefined; scrape: Scrape }): RequestHandler {
  return (req, res, next) => {
    if (options.token === undefined || (req.url ?? "").split("?")[0] !== "/metrics") return next();
    serveScrape(req, res, options.scrape, options.token);
  };
}

/** The loopback listener on `METRICS_PORT`: `/metrics` only (404 elsewhere); resolves once it listens. */
export async function listenForScrapes(options: { port: number; token: string | undefined; scrape: Scrape }): Promise<Server> {
  const server = createServer((req, res) => {
    if ((req.url ?? "").split("?")[0] !== "/metrics") return answer(res, 404, "Not Found\n");
    serveScrape(req, res, options.scrape, options.token);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      reject(new Error(`METRICS_PORT ${options.port} cannot be listened on at 127.0.0.1 (${error.code ?? error.message})`));
    });
    server.listen(options.port, "127.0.0.1", () => {
      server.removeAllListeners("error");
      resolve();
    });
  });
  server.unref();
  return server;
}

// ── The cluster's sum ──────────────────────────────────────────────────────────────────────────────

const ASK = "metrics:scrape";
const ANSWER = "metrics:scraped";
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };

/** A worker: answers the primary's requests for its registry (prom-client's own IPC messages). */
export function answerPrimary(): void {
  AggregatorRegistry.setRegistries([metrics().registry]);
  // Constructing one adds the worker's listener for the primary's requests.
  new AggregatorRegistry();
}

let aggregator: AggregatorRegistry<typeof prometheusContentType> | undefined;

/** The primary: every worker's registry, summed (gauges read from the database: the first worker's). */
export function clusterMetricsText(): Promise<string> {
  aggregator ??= new AggregatorRegistry();
  return aggregator.clusterMetrics();
}

/** The primary: a worker asked for the cluster's sum (a scrape on the public port) gets it. */
export function answerWorkers(): void {
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    const reply = (body: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...body });
    };
    clusterMetricsText().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

let asked = 0;

/** A worker: the cluster's sum, from the primary. */
export function askPrimary(timeoutMs = 10_000): Promise<string> {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const done = (message: Answer) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", done);
      if (message.text !== undefined) resolve(message.text);
      else reject(new Error(message.error ?? "no answer"));
    };
    const timer = setTimeout(() => {
      process.off("message", done);
      reject(new Error("the primary did not answer"));
    }, timeoutMs);
    process.on("message", done);
    process.send?.({ type: ASK, id });
  });
}

/** Where this process's scrapes come from: the primary's sum in a cluster's worker, itself otherwise. */
export function scrapeSource(): Scrape {
  return cluster.isWorker ? askPrimary : localMetricsText;
}
