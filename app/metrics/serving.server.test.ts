import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { histogramSeries, parseMetrics, total } from "../../tests/unit/prometheus";
import { localMetricsText } from "./metrics.server";
import { bearerMatches, listenForScrapes, metricsEndpoint, requestMetrics } from "./serving.server";

// GET /metrics in front of a real Express app on a loopback port, as server.js mounts it (the
// cluster's sum over two real workers: tests/unit/metrics-cluster.test.ts).

const TOKEN = "metrics-token-for-tests-0123456789abcdef";
const routes = {
  root: { id: "root", path: "" },
  "routes/api/packs-get": { id: "routes/api/packs-get", parentId: "root", path: "api/v1/packs/:serial" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};

/** The app of one serving process: the endpoint, the counting, then every request answered by "the framework". */
function app(token: string | undefined) {
  const served = express();
  served.use(metricsEndpoint({ token, scrape: localMetricsText }));
  served.use(requestMetrics(routes));
  served.use((req, res) => {
    // As server.js does with React Router's match (routePatternOf), for the paths "the framework" knows.
    if (req.path.startsWith("/matched/")) res.locals.routePattern = "/matched/:id";
    res.status(req.path.startsWith("/api/v1/packs/") || req.path.startsWith("/matched/") ? 200 : 404).send("framework");
  });
  return served;
}

async function listen(handler: express.Express): Promise<{ server: Server; base: string }> {
  const server = await new Promise<Server>((resolve) => {
    const s = handler.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const servers: Server[] = [];
let withToken = "";
let withoutToken = "";
beforeAll(async () => {
  const a = await listen(app(TOKEN));
  const b = await listen(app(undefined));
  servers.push(a.server, b.server);
  withToken = a.base;
  withoutToken = b.base;
});
afterAll(() => {
  for (const server of servers) server.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("GET /metrics on the public port", () => {
  it("needs the token: 401 without it or with another, 405 for other methods", async () => {
    const none = await fetch(`${withToken}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await fetch(`${withToken}/metrics`, { headers: bearer(`${TOKEN}x`) })).status).toBe(401);
    expect((await fetch(`${withToken}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    expect((await fetch(`${withToken}/metrics`, { method: "POST", headers: bearer(TOKEN) })).status).toBe(405);
  });

  it("is an ordinary unknown page (404, not the metrics) when no token is set", async () => {
    const response = await fetch(`${withoutToken}/metrics`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("framework");
  });

  it("answers Prometheus text whose counters rise with the requests, labelled by route pattern", async () => {
    const read = async () => {
      const response = await fetch(`${withToken}/metrics`, { headers: bearer(TOKEN) });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return response.text();
    };
    const before = parseMetrics(await read());
    for (const serial of ["SN-A1", "SN-B2", "SN-C3"]) expect((await fetch(`${withToken}/api/v1/packs/${serial}/`)).status).toBe(200);
    expect((await fetch(`${withToken}/nowhere`, { method: "POST" })).status).toBe(404);
    for (const id of ["m-1", "m-2"]) expect((await fetch(`${withToken}/matched/${id}`)).status).toBe(200);
    const text = await read();
    const after = parseMetrics(text);

    const rise = (labels: Record<string, string>) => total(after, "http_requests_total", labels) - total(before, "http_requests_total", labels);
    expect(rise({ route: "/api/v1/packs/:serial", method: "GET", status: "200" })).toBe(3);
    expect(rise({ route: "/*", method: "POST", status: "404" })).toBe(1);
    // The framework's own match wins over matching the path again.
    expect(rise({ route: "/matched/:id", method: "GET", status: "200" })).toBe(2);
    expect(rise({ route: "/*", method: "GET", status: "200" })).toBe(0);
    expect(after.find((f) => f.name === "http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    const series = histogramSeries(text, "http_request_duration_seconds");
    const packs = { route: "/api/v1/packs/:serial", method: "GET" };
    expect(total(series, "http_request_duration_seconds_count", packs)).toBe(total(after, "http_requests_total", packs));
    expect(total(series, "http_request_duration_seconds_bucket", { ...packs, le: "+Inf" })).toBe(total(series, "http_request_duration_seconds_count", packs));
    // No URL, serial or scrape of its own among the labels.
    expect(text).not.toMatch(/SN-A1|route="\/metrics"/);
  });
});

describe("METRICS_PORT", () => {
  it("serves /metrics on 127.0.0.1 only, without a token unless one is set, and nothing else", async () => {
    const open = await listenForScrapes({ port: 0, token: undefined, scrape: localMetricsText });
    const guarded = await listenForScrapes({ port: 0, token: TOKEN, scrape: localMetricsText });
    servers.push(open, guarded);
    const address = open.address() as AddressInfo;
    expect(address.address).toBe("127.0.0.1");
    const at = (server: Server, path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
    const text = await (await fetch(at(open, "/metrics"))).text();
    expect(parseMetrics(text).some((f) => f.name === "process_resident_memory_bytes")).toBe(true);
    expect((await fetch(at(open, "/"))).status).toBe(404);
    expect((await fetch(at(guarded, "/metrics"))).status).toBe(401);
    expect((await fetch(at(guarded, "/metrics"), { headers: bearer(TOKEN) })).status).toBe(200);
  });
});

describe("bearerMatches", () => {
  it("takes exactly the token after `Bearer `", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches("Bearer ", TOKEN)).toBe(false);
  });
});
