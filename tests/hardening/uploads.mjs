// Uploads (issue 30, decision 148): no anonymous upload can stall the shopper's check, and no page
// parses a form of 85,000 parts.
//
// 1. The verify API's p99 over fresh codes (LANES parallel lanes, sequential in each) with nothing
//    else running; then again while CLIENTS clients (each its own address, through TRUST_PROXY=1)
//    post counterfeit reports with large photos in parallel, half to the report page and half to the
//    API, under the real report limit (REPORT_RATE_LIMIT=5, not bench/lib.mjs's HIGH_LIMITS): a
//    39.7-megapixel JPEG of about 300 KB (under the old 40 MP limit, so a build without decision 148
//    decodes it) and a 12-megapixel one, alternately. Asserted: no stall (p99 under uploads within
//    max(4 × idle, idle + 150 ms); issue 30's 2 × target is printed and recorded, see STALL); every upload answered as it should be (the 12 MP photo stored, the
//    40 MP one refused 413 with its localized message, 429 once the client's limit is spent, never a
//    5xx but the decoder's own "busy" 503, with Retry-After); no serving process's peak RSS more than 300 MB above its
//    RSS after the idle run.
// 2. 85,000 tiny multipart parts (4 MB) to /contact: refused 415 unread; to the report page (which
//    takes a file): refused 413 once the parts are counted, unparsed; /healthz answers within 250 ms
//    while four such posts to the report page run at once.
import { request as httpRequest } from "node:http";
import { loadavg } from "node:os";
import sharp from "sharp";
import { insertCodes, openDb, productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { JSON_HEADERS, parseJson, send } from "./harness.mjs";

const LANES = 4;
const IDLE_CHECKS = 400;
const CLIENTS = 10;
const REPORT_LIMIT = 5;
/** Each client's photos, in order: the first REPORT_LIMIT are answered on their merits, the rest 429. */
const SEQUENCE = ["12mp", "40mp", "12mp", "40mp", "12mp", "40mp", "12mp"];
const FLOOR_MS = 25;
/**
 * What this check asserts: no stall. Before decision 148 the p99 under uploads was 70 to 600 times
 * idle (29 s); the assertion holds the p99 under max(4 × idle, idle + 150 ms). Issue 30's own target,
 * max(2 × idle, idle + FLOOR_MS), is printed with its verdict and recorded in bench/MEASURED.md: on
 * this 2-core machine, where the uploading clients, the checking clients and both workers share the
 * cores, it measured 2.0 to 2.5 times idle, a figure that moves with the machine's load (the guide's
 * rule: timing targets are measured and recorded, not asserted in CI).
 */
const STALL = { times: 4, floorMs: 150 };
const RSS_GROWTH_MB = 300;
/** The issue saw /healthz held 1.7 s; the bound leaves room for this shared machine (and this process's own sending). */
const HEALTHZ_MS = 250;
const TINY_PARTS = 85_000;
/** The message a refused 40 MP photo carries (locales/en/report.ts, errors.photo_too_many_pixels). */
const PIXELS_MESSAGE = "more than 16 megapixels";

export async function run(t) {
  const dataDir = tempDir("hardening-uploads");
  const server = await startServer({ dataDir, env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "1", REPORT_RATE_LIMIT: String(REPORT_LIMIT) } });
  try {
    const products = await productIds(server.base);
    const db = openDb(server.databasePath);
    const codes = insertCodes(db, { count: 20_000, productIds: products, prefix: "UP", returnActive: true });
    db.close();
    const scanId = await counterfeitScan(server.base);
    const photos = await makePhotos();
    let next = 0;
    const freshCode = () => codes[next++ % codes.length];

    await checks(server.base, freshCode, { count: 100 }); // warm-up
    const idle = await checks(server.base, freshCode, { count: IDLE_CHECKS });
    const idleRss = server.rss();
    const rssSamples = [];
    const sampler = setInterval(() => rssSamples.push(server.rss().rssMb), 250);
    const started = performance.now();
    let uploading = true;
    const uploads = Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(server.base, scanId, photos, i))).finally(() => (uploading = false));
    const loaded = await checks(server.base, freshCode, { while: () => uploading, min: 100 });
    const answers = (await uploads).flat();
    const uploadSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const atEnd = server.rss();

    const idleP99 = percentile(idle.ms, 99);
    const loadedP99 = percentile(loaded.ms, 99);
    const bound = Math.max(2 * idleP99, idleP99 + FLOOR_MS);
    const stall = Math.max(STALL.times * idleP99, idleP99 + STALL.floorMs);
    t.ok(
      idle.failed === 0 && loaded.failed === 0 && loaded.ms.length >= 100 && loadedP99 <= stall,
      `the check does not stall while ${CLIENTS} clients upload large photos: p99 within max(${STALL.times} × idle, idle + ${STALL.floorMs} ms)`,
      `idle: ${idle.ms.length} checks, p50 ${percentile(idle.ms, 50).toFixed(1)} ms, p99 ${idleP99.toFixed(1)} ms; ` +
        `under uploads: ${loaded.ms.length} checks, p50 ${percentile(loaded.ms, 50).toFixed(1)} ms, p99 ${loadedP99.toFixed(1)} ms, max ${Math.max(...loaded.ms).toFixed(0)} ms (${(loadedP99 / idleP99).toFixed(2)} × idle; bound ${stall.toFixed(1)} ms; ` +
        `issue 30's target max(2 × idle, idle + ${FLOOR_MS} ms) = ${bound.toFixed(1)} ms: ${loadedP99 <= bound ? "met" : "not met"}); ` +
        `${answers.length} uploads in ${uploadSeconds.toFixed(1)} s; failed checks ${idle.failed} + ${loaded.failed}; load average ${loadavg()[0].toFixed(2)}`,
    );

    const wrong = answers.filter((a) => !expected(a));
    const tally = {};
    for (const a of answers) tally[`${a.photo} ${a.status}`] = (tally[`${a.photo} ${a.status}`] ?? 0) + 1;
    const limited = answers.filter((a) => a.index >= REPORT_LIMIT).every((a) => a.status === 429);
    t.ok(
      wrong.length === 0 && limited,
      `uploads answered properly: 12 MP stored, 40 MP refused 413 with its message, 429 past the limit of ${REPORT_LIMIT} an hour`,
      `${JSON.stringify(tally)}${wrong.length ? `; unexpected: ${wrong.slice(0, 4).map((a) => `${a.route} #${a.index} ${a.photo} → ${a.status} ${a.text.slice(0, 80)}`).join("; ")}` : ""}`,
    );

    const pids = [server.pid, ...server.workers()];
    const growth = atEnd.peaksMb.map((peak, i) => peak - Math.round(idleRss.peaksMb[i] ?? 0));
    t.ok(
      growth.every((mb) => mb <= RSS_GROWTH_MB),
      `no serving process's peak RSS grows more than ${RSS_GROWTH_MB} MB under the uploads`,
      `peaks (primary first) after idle ${idleRss.peaksMb.join(", ")} MB → after uploads ${atEnd.peaksMb.join(", ")} MB (${pids.length} processes); total RSS sampled every 250 ms max ${Math.max(...rssSamples, 0).toFixed(0)} MB`,
    );

    const multipart = await tinyParts(t, server, scanId);
    return {
      idle: { checks: idle.ms.length, p50: round(percentile(idle.ms, 50)), p99: round(idleP99) },
      underUploads: { checks: loaded.ms.length, p50: round(percentile(loaded.ms, 50)), p99: round(loadedP99), max: round(Math.max(...loaded.ms)) },
      boundMs: round(bound),
      stallBoundMs: round(stall),
      ratioToIdle: round(loadedP99 / idleP99),
      uploads: tally,
      uploadSeconds: round(uploadSeconds),
      peakRssMb: { idle: idleRss.peaksMb, uploads: atEnd.peaksMb },
      multipart,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A counterfeit answer to report (an unknown code checked), tried a few times while the workers warm up. */
async function counterfeitScan(base) {
  let answer;
  for (let attempt = 0; attempt < 5; attempt++) {
    answer = await send(base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: `NOTOURS${7 + attempt}` }) });
    const scanId = parseJson(answer.text)?.data?.scan_id;
    if (scanId) return scanId;
    await sleep(500);
  }
  throw new Error(`no counterfeit scan to report: HTTP ${answer.status} ${answer.error ?? answer.text.slice(0, 200)}`);
}

/** The two photos: mostly flat JPEGs, small in bytes, large in pixels. */
async function makePhotos() {
  const jpeg = (width, height) =>
    sharp({ create: { width, height, channels: 3, background: "#b4a89a" } })
      .composite([{ input: { create: { width: Math.round(width / 3), height: Math.round(height / 4), channels: 3, background: "#2d3e50" } }, top: 40, left: 60 }])
      .jpeg({ quality: 85 })
      .toBuffer();
  return { "40mp": await jpeg(6400, 6200), "12mp": await jpeg(4000, 3000) };
}

/** One client (its own address): its photos in SEQUENCE, one after the other, to the page or the API. */
async function client(base, scanId, photos, i) {
  const route = i % 2 === 0 ? "api" : "page";
  const headers = { "x-forwarded-for": `198.51.100.${i + 1}`, origin: base, ...(route === "api" ? { accept: "application/json" } : {}) };
  const path = route === "api" ? "/api/v1/reports/create/" : `/verify/result/${scanId}/report`;
  const purchased = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const answers = [];
  for (const [index, photo] of SEQUENCE.entries()) {
    const form = new FormData();
    for (const [name, value] of Object.entries({ scan_id: scanId, seller: `Stall ${i}`, city: "Doha", country: "QA", purchased_on: purchased, consent: "on" })) form.set(name, value);
    form.set("photo", new Blob([photos[photo]], { type: "image/jpeg" }), "pack.jpg");
    const answer = await send(base, path, { method: "POST", headers, body: form });
    answers.push({ route, index, photo, status: answer.status, text: answer.text, retryAfter: answer.headers.get("retry-after") });
  }
  return answers;
}

/** What each upload should get: past the limit 429; else 12 MP stored, 40 MP refused with its message. */
function expected({ route, index, photo, status, text, retryAfter }) {
  if (index >= REPORT_LIMIT) return status === 429;
  // The decoder's queue is full: told when to come back (issue 42, N13).
  if (status === 503) return /"photo_busy"|many photos/.test(text) && Number(retryAfter) > 0;
  if (photo === "40mp") return status === 413 && text.includes(PIXELS_MESSAGE) && (route === "page" || parseJson(text)?.error === "photo_too_many_pixels");
  return route === "api" ? status === 201 : status === 302 || status === 303;
}

/**
 * Checks of fresh codes through the API in LANES parallel lanes: `count` of them, or as long as
 * `while()` holds (at least `min`). Returns each answer's milliseconds and how many were not 200.
 */
async function checks(base, freshCode, { count = Infinity, while: going = () => true, min = 0 }) {
  const ms = [];
  let failed = 0;
  let sent = 0;
  const lane = async () => {
    while (sent < count && (going() || sent < min)) {
      sent++;
      const answer = await send(base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: freshCode() }) });
      if (answer.status === 200) ms.push(answer.ms);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return { ms, failed };
}

/** 85,000 tiny parts: to /contact (no file taken: 415 unread) and to the report page (413 once counted), /healthz meanwhile. */
async function tinyParts(t, server, scanId) {
  const body = Buffer.from(`--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n`.repeat(TINY_PARTS) + "--x--\r\n");
  const contact = await postRaw(server.base, "/contact", body);
  const report = await postRaw(server.base, `/verify/result/${scanId}/report`, body);
  t.ok(
    contact.status === 415 && report.status === 413 && contact.ms < 1000 && report.ms < 1000,
    `${TINY_PARTS.toLocaleString("en-US")} tiny multipart parts (${(body.length / 1048576).toFixed(1)} MB) are refused fast: 415 where no file is taken, 413 on the report once counted`,
    `/contact → ${contact.status} in ${contact.ms.toFixed(0)} ms; report page → ${report.status} in ${report.ms.toFixed(0)} ms`,
  );
  const health = [];
  let running = true;
  // To the report page, where the body is read and counted (/contact refuses it unread, above).
  const posts = Promise.all([0, 1, 2, 3].map(() => postRaw(server.base, `/verify/result/${scanId}/report`, body))).finally(() => (running = false));
  while (running || health.length < 20) health.push((await send(server.base, "/healthz")).ms);
  const four = await posts;
  const worst = Math.max(...health);
  t.ok(
    worst < HEALTHZ_MS && four.every((p) => p.status === 413),
    `/healthz stays under ${HEALTHZ_MS} ms while four such posts to the report page run`,
    `${health.length} health checks, max ${worst.toFixed(1)} ms, p50 ${percentile(health, 50).toFixed(1)} ms; posts ${four.map((p) => `${p.status} in ${p.ms.toFixed(0)} ms`).join(", ")}`,
  );
  return { contactMs: round(contact.ms), reportMs: round(report.ms), healthzMaxMs: round(worst), posts: four.map((p) => ({ status: p.status, ms: round(p.ms) })) };
}

/**
 * A raw multipart POST with its length declared, written in 64 KB pieces until the server answers
 * (it may answer before reading the body, and close the connection).
 */
function postRaw(base, path, body) {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve) => {
    let answered = false;
    const done = (status) => {
      if (!answered) resolve({ status, ms: performance.now() - started });
      answered = true;
    };
    const headers = { "content-type": "multipart/form-data; boundary=x", "content-length": String(body.length), origin: base, connection: "close" };
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent: false, headers }, (res) => {
      done(res.statusCode ?? 0);
      res.resume();
    });
    req.on("error", () => setTimeout(() => done(0), 200));
    req.setTimeout(30_000, () => req.destroy());
    let sent = 0;
    const pump = () => {
      while (!answered && !req.destroyed && sent < body.length) {
        const piece = body.subarray(sent, sent + 64 * 1024);
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered && sent >= body.length) req.end();
    };
    pump();
  });
}

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const round = (n) => Math.round(n * 10) / 10;
