// Load: mixed public and admin traffic at 100+ connections for 60 s (HARDENING_LOAD_SECONDS,
// HARDENING_CONNECTIONS) with autocannon after a warm-up: zero errors (every answer the expected
// 2xx), and stable memory: the server's RSS at the end is within the stated bound of its RSS after
// the warm-up.
import { cannon, freePort, insertCodes, login, memoryAfterGc, productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";

const SECONDS = Number(process.env.HARDENING_LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = Number(process.env.HARDENING_LOAD_WARMUP_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.HARDENING_CONNECTIONS ?? 100);
/**
 * Stated bound: what the server retains (heap after a full GC, plus external buffers) at the end is
 * at most 20 % (or 16 MB, whichever is larger) above what it retained after the warm-up. RSS is
 * reported too; V8 lets it grow with garbage under load, so it is a figure, not the test.
 */
const RETAINED_GROWTH_SHARE = 0.2;
const RETAINED_GROWTH_FLOOR_MB = 16;

export async function run(t) {
  const dataDir = tempDir("hardening-load");
  const inspectPort = await freePort();
  // One serving process (WEB_CONCURRENCY=1): the memory bound is about what one process retains,
  // read through its inspector; the cluster's own checks are in cluster.mjs.
  const server = await startServer({ dataDir, nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`], env: { WEB_CONCURRENCY: "1" } });
  try {
    const { products, codes } = await seed(server);
    const { access, cookie } = await login(server.base);
    const requests = mixedTraffic(products, codes, { access, cookie });
    const options = { url: server.base, connections: CONNECTIONS, requests, timeout: 30 };
    const warm = await cannon({ ...options, duration: WARMUP_SECONDS });
    // Measured once the server is quiet (no request in flight), the lower of two readings.
    const settled = () => settledMemory(inspectPort);
    const afterWarmup = server.rss();
    const retainedAfterWarmup = await settled();
    const samples = [];
    const sampler = setInterval(() => samples.push(server.rss().rssMb), 1000);
    const result = await cannon({ ...options, duration: SECONDS });
    clearInterval(sampler);
    const atEnd = server.rss();
    const retainedAtEnd = await settled();
    const errors = result.errors + result.timeouts;
    const unexpected = result.non2xx;
    const rps = Math.round(result.requests.average);
    t.ok(
      result.requests.total > 0 && errors === 0 && unexpected === 0 && warm.errors + warm.timeouts + warm.non2xx === 0,
      `${SECONDS} s of mixed traffic at ${CONNECTIONS} connections: zero errors`,
      `${result.requests.total} requests (${rps} req/s; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms); ${result["2xx"]} 2xx, ${unexpected} other statuses, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
    const retained = (m) => m.heapUsed + m.external;
    const bound = Math.max(retained(retainedAfterWarmup) * (1 + RETAINED_GROWTH_SHARE), retained(retainedAfterWarmup) + RETAINED_GROWTH_FLOOR_MB);
    t.ok(
      retained(retainedAtEnd) <= bound,
      `stable memory: retained heap at the end within max(+${RETAINED_GROWTH_SHARE * 100} %, +${RETAINED_GROWTH_FLOOR_MB} MB) of after warm-up`,
      `heap after GC ${retainedAfterWarmup.heapUsed} → ${retainedAtEnd.heapUsed} MB, external ${retainedAfterWarmup.external} → ${retainedAtEnd.external} MB (bound ${bound.toFixed(0)} MB); ` +
        `RSS after warm-up ${afterWarmup.rssMb.toFixed(0)} MB, end ${atEnd.rssMb.toFixed(0)} MB, peak ${atEnd.peakMb.toFixed(0)} MB; every 5 s: ${samples.filter((_, i) => i % 5 === 4).map((m) => m.toFixed(0)).join(" ")} MB`,
    );
    t.ok(server.child.exitCode === null, "the server is still up after the run", `pid ${server.pid}`);
    return {
      seconds: SECONDS,
      connections: CONNECTIONS,
      requests: result.requests.total,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: unexpected,
      errors,
      heapAfterGcMb: { afterWarmup: retainedAfterWarmup.heapUsed, end: retainedAtEnd.heapUsed },
      rssAfterWarmupMb: Math.round(afterWarmup.rssMb),
      rssEndMb: Math.round(atEnd.rssMb),
      peakRssMb: Math.round(atEnd.peakMb),
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 200,000 active codes (returned) and 5,000 expired ones. */
async function seed(server) {
  const products = await productIds(server.base);
  const { openDb } = await import("../../bench/lib.mjs");
  const db = openDb(server.databasePath);
  const codes = insertCodes(db, { count: 200_000, productIds: products, prefix: "LD", returnActive: true });
  insertCodes(db, { count: 5_000, productIds: products, prefix: "LX", expiredShare: 1 });
  db.close();
  return { products, codes };
}

/** The mix of public and admin requests, each verification with a fresh code and each message new. */
function mixedTraffic(products, codes, { access, cookie }) {
  let nextCode = 0;
  let nextContact = 0;
  const json = { "content-type": "application/json", accept: "application/json", "accept-encoding": "gzip" };
  const html = { accept: "text/html", "accept-encoding": "gzip" };
  const requests = [
    { method: "GET", path: "/", headers: html },
    { method: "GET", path: "/products?lng=ar", headers: html },
    { method: "GET", path: `/product/${products[1]}`, headers: html },
    { method: "GET", path: "/verify?lng=ar&code=ABCD-1234", headers: html },
    {
      method: "POST",
      path: "/api/v1/codes/verify/",
      headers: json,
      // Fresh codes: valid answers; once they run out, "used" answers (still 200).
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: codes[nextCode++ % codes.length] }) }),
    },
    { method: "GET", path: "/contact", headers: html },
    {
      method: "POST",
      path: "/api/v1/general/contact/create/",
      headers: json,
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `Load ${nextContact}`, phone_number: "+971 50 123 4567", message: `Load test message ${nextContact++}` }) }),
    },
    { method: "GET", path: "/api/v1/codes/list/?status=active&page=3", headers: { ...json, authorization: `Bearer ${access}` } },
    { method: "GET", path: "/api/v1/general/dashboard/overview/", headers: { ...json, authorization: `Bearer ${access}` } },
    { method: "GET", path: "/admin/dashboard/codes?status=expired&page=2", headers: { ...html, cookie } },
    { method: "GET", path: "/admin/dashboard/contacts", headers: { ...html, cookie } },
    { method: "GET", path: "/favicon.svg", headers: { "accept-encoding": "gzip" } },
  ];
  return requests;
}

/**
 * The lowest of four readings a second apart of what the server retains. After the load the outbox is
 * still writing the contact messages' mails for a few seconds, and its buffers count as external memory
 * (one CI run read 19.4 MB of external memory at the end against 11 MB in the runs before and after).
 */
async function settledMemory(inspectPort) {
  await sleep(3000);
  let lowest;
  for (let i = 0; i < 4; i++) {
    if (i > 0) await sleep(1000);
    const reading = await memoryAfterGc(inspectPort);
    if (!lowest || reading.heapUsed + reading.external < lowest.heapUsed + lowest.external) lowest = reading;
  }
  return lowest;
}
