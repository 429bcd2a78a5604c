import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, freePort, startServer, tempDir, type StartedServer } from "../../bench/lib.mjs";
import { logLines, sendFresh, waitUntil, workersByRequest } from "../hardening/harness.mjs";
import { histogramSeries, parseMetrics, total } from "./prometheus";

// GET /metrics of the real server.js (the production build, built first when missing or older than
// the sources) with two node:cluster workers on a fresh SQLite file: the figures are the sum over
// both workers, whichever port or worker is asked (decision 158).

const TOKEN = "cluster-metrics-token-0123456789abcdef";
const SENT = 24;
const ROUTE = { route: "/api/v1/packs/:serial", method: "GET" };
const dirs: string[] = [];
let cluster: StartedServer;
let metricsPort = 0;

async function start(env: Record<string, string>): Promise<StartedServer> {
  const dataDir = tempDir("vitest-metrics");
  dirs.push(dataDir);
  return startServer({ dataDir, captureLog: true, env });
}

beforeAll(async () => {
  await ensureBuild();
  metricsPort = await freePort();
  cluster = await start({ WEB_CONCURRENCY: "2", METRICS_TOKEN: TOKEN, METRICS_PORT: String(metricsPort) });
  expect(await waitUntil(() => /"msg":"Listening on/.test(cluster.log()), 30_000)).toBe(true);
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const bearer = { authorization: `Bearer ${TOKEN}` };

describe("GET /metrics over two workers", () => {
  it("sums the workers' counters: every request sent counted once, under its route's pattern", async () => {
    const answers = [];
    for (let i = 0; i < SENT; i++) answers.push(await sendFresh(cluster.base, `/api/v1/packs/SN-METRICS-${i}/`));
    expect(answers.every((a) => a.status > 0)).toBe(true);
    // Both workers answered some of them (connections are handed out in turn).
    await waitUntil(() => workersByRequest(logLines(cluster.log())).size >= SENT);
    const byRequest = workersByRequest(logLines(cluster.log()));
    expect(new Set(answers.map((a) => byRequest.get(a.requestId ?? ""))).size).toBe(2);

    // Asked on the public port: a worker asks the primary, which sums both workers.
    const viaWorker = await sendFresh(cluster.base, "/metrics", { headers: bearer });
    expect(viaWorker.status).toBe(200);
    expect(viaWorker.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    const scraped = parseMetrics(viaWorker.text);
    expect(total(scraped, "http_requests_total", ROUTE)).toBe(SENT);
    expect(total(histogramSeries(viaWorker.text, "http_request_duration_seconds"), "http_request_duration_seconds_count", ROUTE)).toBe(SENT);
    expect(viaWorker.text).not.toContain("SN-METRICS");
    // Process figures of both workers, summed; the lag averaged.
    expect(total(scraped, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(scraped.some((f) => f.name === "nodejs_eventloop_lag_seconds")).toBe(true);
    expect(total(scraped, "outbox_pending_messages", { outbox: "webhooks" })).toBe(0);

    // Asked on METRICS_PORT (127.0.0.1, the primary itself): the same sum.
    const viaPrimary = await sendFresh(`http://127.0.0.1:${metricsPort}`, "/metrics", { headers: bearer });
    expect(viaPrimary.status).toBe(200);
    expect(total(parseMetrics(viaPrimary.text), "http_requests_total", ROUTE)).toBe(SENT);
  });

  it("stops a start whose METRICS_PORT is taken, in one line, before serving", async () => {
    await expect(start({ WEB_CONCURRENCY: "2", METRICS_PORT: String(metricsPort) })).rejects.toThrow(
      new RegExp(`Server failed to start: METRICS_PORT ${metricsPort} cannot be listened on at 127\\.0\\.0\\.1 \\(EADDRINUSE\\)`),
    );
  }, 60_000);

  it("refuses a scrape without the token (401) on both ports", async () => {
    expect((await sendFresh(cluster.base, "/metrics")).status).toBe(401);
    expect((await sendFresh(cluster.base, "/metrics", { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await sendFresh(`http://127.0.0.1:${metricsPort}`, "/metrics")).status).toBe(401);
  });
});

describe("GET /metrics of a single process without a token", () => {
  it("is not served on the public port (404) but on METRICS_PORT", async () => {
    const port = await freePort();
    const single = await start({ WEB_CONCURRENCY: "1", METRICS_PORT: String(port) });
    try {
      expect((await sendFresh(single.base, "/metrics")).status).toBe(404);
      for (let i = 0; i < 3; i++) await sendFresh(single.base, `/api/v1/packs/SN-SINGLE-${i}/`);
      const scraped = await sendFresh(`http://127.0.0.1:${port}`, "/metrics");
      expect(scraped.status).toBe(200);
      expect(total(parseMetrics(scraped.text), "http_requests_total", ROUTE)).toBe(3);
      expect(total(parseMetrics(scraped.text), "http_requests_total", { route: "/*", status: "404" })).toBe(1);
    } finally {
      await single.stop();
    }
  }, 90_000);
});
