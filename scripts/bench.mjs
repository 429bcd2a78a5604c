// `npm run bench`: server throughput of the public pages and the public API against the production
// build on a fresh embedded database, on a loopback port, with autocannon: a warm-up, then a fixed
// time per target. Each line: requests/s, p50/p99 latency, errors, and the ratio to a static file
// served by the same server in the same run; then the server's peak RSS. Printed and written to
// bench/results/bench.json. Bounded in time; stops the server it started.
//
//   BENCH_DURATION=10 BENCH_WARMUP=2 BENCH_CONNECTIONS=10 npm run bench [-- --build] [-- --only verify,static]
import {
  cannon,
  ensureBuild,
  fmt,
  insertCodes,
  machine,
  openDb,
  productIds,
  rmSync,
  startServer,
  tempDir,
  timeLimit,
  writeResult,
} from "../bench/lib.mjs";

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CODES = Number(process.env.BENCH_CODES ?? 150_000);
const STATIC_PATH = "/favicon.svg";
// What a browser sends: compressed answers (the server gzips HTML, JSON and SVG).
const BROWSER = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip" };
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json", "accept-encoding": "gzip" };

function targets(productId, codes) {
  let nextCode = 0;
  let nextContact = 0;
  const page = (name, path) => ({ name, method: "GET", path, headers: BROWSER, expect: "2xx" });
  return [
    { name: "static", method: "GET", path: STATIC_PATH, headers: { "accept-encoding": "gzip" }, static: true },
    page("home en", "/?lng=en"),
    page("home ar", "/?lng=ar"),
    page("products en", "/products?lng=en"),
    page("products ar", "/products?lng=ar"),
    page("product en", `/product/${productId}?lng=en`),
    page("product ar", `/product/${productId}?lng=ar`),
    page("verify en", "/verify?lng=en"),
    page("verify ar", "/verify?lng=ar"),
    {
      name: "verify API",
      method: "POST",
      path: "/api/v1/codes/verify/",
      headers: JSON_HEADERS,
      // Each request consumes the next fresh code (a real one-use write), until the seeded codes run out.
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: codes[nextCode++ % codes.length] }) }),
      counter: () => nextCode,
    },
    {
      name: "contact API",
      method: "POST",
      path: "/api/v1/general/contact/create/",
      headers: JSON_HEADERS,
      setupRequest: (req) => {
        const n = nextContact++;
        return {
          ...req,
          body: JSON.stringify({ name: `Bench visitor ${n}`, phone_number: "+971 50 123 4567", message: `Benchmark message number ${n}: is this product genuine?` }),
        };
      },
    },
  ];
}

const summarize = (result) => ({
  rps: Math.round(result.requests.average * 10) / 10,
  p50: result.latency.p50,
  p99: result.latency.p99,
  requests: result.requests.total,
  ok: result["2xx"],
  errors: result.non2xx + result.errors + result.timeouts,
});

export async function runBench({ only, resultFile = "bench.json", baseline = false } = {}) {
  await ensureBuild();
  const dataDir = tempDir("bench");
  const server = await startServer({ dataDir });
  const wanted = (name) => !only || name === "static" || only.some((o) => name.startsWith(o));
  const guard = timeLimit((WARMUP + DURATION) * 14 * 1000 + 180_000, () => server.kill());
  try {
    const products = await productIds(server.base);
    const db = openDb(server.databasePath);
    const seedStart = Date.now();
    const codes = wanted("verify API") ? insertCodes(db, { count: CODES, productIds: products, prefix: "BN", returnActive: true }) : [];
    db.close();
    const list = targets(products[0], codes).filter((t) => wanted(t.name));
    console.log(
      `Server ${server.base} (production build, fresh database${codes.length ? `, ${codes.length} fresh codes seeded in ${fmt((Date.now() - seedStart) / 1000)} s` : ""}); ` +
        `${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per target.`,
    );
    const lines = [];
    for (const target of list) {
      const request = { method: target.method, path: target.path, headers: target.headers };
      if (target.setupRequest) request.setupRequest = target.setupRequest;
      await cannon({ url: server.base, connections: CONNECTIONS, duration: WARMUP, requests: [request] });
      const before = target.counter?.() ?? 0;
      const result = summarize(await cannon({ url: server.base, connections: CONNECTIONS, duration: DURATION, requests: [request] }));
      lines.push({ name: target.name, method: target.method, path: target.path, ...result, ...(target.counter ? { checksMeasured: target.counter() - before } : {}) });
    }
    if (baseline) {
      // For reading the numbers: a JSON route through the same framework stack without the database.
      const r = summarize(await cannon({ url: `${server.base}/api/v1/products/`, connections: CONNECTIONS, duration: Math.max(3, Math.round(DURATION / 2)) }));
      lines.push({ name: "framework baseline", method: "GET", path: "/api/v1/products/", ...r });
    }
    const staticRps = lines.find((l) => l.name === "static")?.rps ?? 1;
    for (const line of lines) line.ratio = Math.round((line.rps / staticRps) * 1000) / 1000;
    const memory = server.rss();

    const check = openDb(server.databasePath, { readonly: true });
    const scans = Object.fromEntries(check.prepare("SELECT outcome, count(*) AS n FROM scans GROUP BY outcome").all().map((r) => [r.outcome, r.n]));
    const contacts = check.prepare("SELECT count(*) AS n FROM contacts").get().n;
    check.close();

    console.log("");
    const pad = (s, n) => String(s).padEnd(n);
    const padl = (s, n) => String(s).padStart(n);
    console.log(`${pad("target", 20)}${pad("request", 40)}${padl("req/s", 9)}${padl("p50 ms", 8)}${padl("p99 ms", 8)}${padl("errors", 8)}${padl("ratio", 8)}`);
    for (const l of lines) {
      console.log(`${pad(l.name, 20)}${pad(`${l.method} ${l.path.length > 34 ? l.path.slice(0, 31) + "…" : l.path}`, 40)}${padl(fmt(l.rps, 0), 9)}${padl(l.p50, 8)}${padl(l.p99, 8)}${padl(l.errors, 8)}${padl(l.ratio.toFixed(3), 8)}`);
    }
    const load = machine();
    console.log(`server peak RSS ${fmt(memory.peakMb)} MB (now ${fmt(memory.rssMb)} MB); load average ${load.loadavg.join(" ")} on ${load.cpus} CPUs`);
    if (Object.keys(scans).length) console.log(`scans recorded: ${Object.entries(scans).map(([k, v]) => `${k} ${v}`).join(", ")}; contacts stored: ${contacts}`);
    const errors = lines.reduce((n, l) => n + l.errors, 0);
    if (errors > 0) console.log(`warning: ${errors} requests did not answer 2xx`);

    const result = {
      date: new Date().toISOString(),
      command: `BENCH_DURATION=${DURATION} BENCH_WARMUP=${WARMUP} BENCH_CONNECTIONS=${CONNECTIONS} npm run ${resultFile === "bench.json" ? "bench" : "bench:verify"}`,
      machine: load,
      config: { durationSeconds: DURATION, warmupSeconds: WARMUP, connections: CONNECTIONS, seededCodes: codes.length, staticPath: STATIC_PATH, acceptEncoding: "gzip" },
      lines,
      server: { peakRssMb: Math.round(memory.peakMb * 10) / 10, endRssMb: Math.round(memory.rssMb * 10) / 10 },
      stored: { scans, contacts },
    };
    console.log(`written to ${writeResult(resultFile, result)}`);
    return result;
  } finally {
    clearTimeout(guard);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const onlyIndex = process.argv.indexOf("--only");
  const only = onlyIndex > 0 ? process.argv[onlyIndex + 1].split(",") : undefined;
  runBench({ only }).catch((error) => {
    console.error(`bench failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
