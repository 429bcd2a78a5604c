// Edge: what reaches the server before any page or API code. Request bodies are capped before
// parsing (a 100 MB form, four parallel 150 MB chunked bodies: 413, no memory growth); OPTIONS,
// TRACE, CONNECT and malformed paths answer 4xx with nothing logged as an error; every kind of answer
// carries the security headers; behind TRUST_PROXY=1 a client cannot pick its own address, and IPv6
// clients are limited per /64; the log is JSON with request ids and holds no password, token or raw
// client address, and no health check; the data folder is 0700 and its files 0600; an empty or
// short secret file stops the start with one line.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { join } from "node:path";
import { bin } from "../../scripts/run.mjs";
import { rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { JSON_HEADERS, logLines, parseJson, runCommand, send, sendFresh, waitUntil } from "./harness.mjs";

const MB = 1024 * 1024;

export async function run(t) {
  const figures = {};
  const base = tempDir("hardening-edge");
  // A data folder the server creates itself, to see the mode it creates it with.
  const dataDir = join(base, "fresh", "data");
  const server = await startServer({ dataDir, captureLog: true, env: { WEB_CONCURRENCY: "2" } });
  let proxied;
  try {
    await waitUntil(() => /"msg":"Listening on/.test(server.log()));
    const { jsonBig } = await bodyCaps(t, server, figures);
    const odd = await methodsAndPaths(t, server);
    await securityHeaders(t, server, { jsonBig, options: odd["OPTIONS /"] });
    await logs(t, server);
    await fileModes(t, server, dataDir);
    proxied = await startServer({ dataDir: tempDir("hardening-edge-proxy"), captureLog: true, env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "1", VERIFY_RATE_LIMIT: "3" } });
    await trustProxyAndIpv6(t, proxied);
  } finally {
    await server.stop();
    if (proxied) {
      await proxied.stop();
      rmSync(proxied.dataDir, { recursive: true, force: true });
    }
  }

  await badSecretFile(t, base);
  rmSync(base, { recursive: true, force: true });
  return figures;
}

/** Body caps: a 100 MB form, four parallel 150 MB chunked bodies, the multipart and JSON caps. */
async function bodyCaps(t, server, figures) {
  const rssBefore = server.rss().rssMb;
  const declared = await streamBody(server.base, "/verify", { type: "application/x-www-form-urlencoded", total: 100 * MB, declare: true });
  t.ok(
    declared.status === 413 && declared.sentBytes < 20 * MB,
    "a 100 MB form posted to /verify (declared length) is refused 413 before it is read",
    `HTTP ${declared.status} after ${declared.ms} ms; ${(declared.sentBytes / MB).toFixed(1)} MB sent before the answer`,
  );
  let peak = server.rss().rssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rss().rssMb)), 50);
  const parallel = await Promise.all(Array.from({ length: 4 }, () => streamBody(server.base, "/verify", { type: "application/x-www-form-urlencoded", total: 150 * MB, declare: false })));
  clearInterval(sampler);
  figures.parallelChunked = { statuses: parallel.map((p) => p.status), sentMb: parallel.map((p) => Math.round(p.sentBytes / MB)), rssBeforeMb: Math.round(rssBefore), peakMb: Math.round(peak) };
  t.ok(
    parallel.every((p) => p.status === 413 && p.sentBytes < 30 * MB) && peak - rssBefore < 100,
    "four parallel 150 MB chunked bodies: each 413 without reading the rest, no memory growth",
    `HTTP ${parallel.map((p) => p.status).join(", ")}; sent ${parallel.map((p) => (p.sentBytes / MB).toFixed(1)).join(", ")} MB of 150 each; RSS of primary + workers ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB`,
  );
  // Multipart only where a file is taken (the counterfeit report's page and API), elsewhere 415 unread.
  const reportPage = "/verify/result/AAAAAAAAAAAAAAAAAAAAAA/report";
  const multipartBig = await streamBody(server.base, reportPage, { type: "multipart/form-data; boundary=x", total: 7 * MB, declare: false });
  const multipartOk = await streamBody(server.base, reportPage, { type: "multipart/form-data; boundary=x", total: 5 * MB, declare: true });
  const multipartElsewhere = await streamBody(server.base, "/contact", { type: "multipart/form-data; boundary=x", total: 5 * MB, declare: true });
  const jsonBig = await send(server.base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: "A".repeat(65 * 1024) }) });
  // (The API's own JSON reader allows less, 16 KB, after the edge: a body within both is read.)
  const jsonOk = await send(server.base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: "ABCD1234", pad: "x".repeat(8 * 1024) }) });
  t.ok(
    multipartBig.status === 413 &&
      multipartOk.status !== 413 &&
      multipartOk.status < 500 &&
      multipartElsewhere.status === 415 &&
      jsonBig.status === 413 &&
      parseJson(jsonBig.text)?.error === "payload_too_large" &&
      jsonOk.status === 200,
    "caps: multipart 6 MB on the report only (415 elsewhere), JSON and forms 64 KB; within them the app answers as usual",
    `report multipart 7 MB → ${multipartBig.status}, 5 MB → ${multipartOk.status}; /contact multipart 5 MB → ${multipartElsewhere.status} in ${multipartElsewhere.ms} ms; JSON 65 KB → ${jsonBig.status} ${parseJson(jsonBig.text)?.error}, 8 KB → ${jsonOk.status}`,
  );
  return { jsonBig };
}

/** Methods and paths: OPTIONS, TRACE, CONNECT, other methods, malformed or overlong paths. */
async function methodsAndPaths(t, server) {
  const logBefore = server.log().length;
  const odd = {
    "OPTIONS /": await sendFresh(server.base, "/", { method: "OPTIONS" }),
    "OPTIONS /api/v1/codes/verify/": await sendFresh(server.base, "/api/v1/codes/verify/", { method: "OPTIONS" }),
    "TRACE /": await sendFresh(server.base, "/", { method: "TRACE" }),
    "PROPFIND /": await sendFresh(server.base, "/", { method: "PROPFIND" }),
    "GET /foo%0abar": await sendFresh(server.base, "/foo%0abar"),
    "GET /%E0%A4%A": await sendFresh(server.base, "/%E0%A4%A"),
    "GET /%": await sendFresh(server.base, "/%"),
    "GET /verify%00": await sendFresh(server.base, "/verify%00"),
    "GET /a…(3000)": await sendFresh(server.base, `/${"a".repeat(3000)}`),
    "GET /?q=…(6000)": await sendFresh(server.base, `/?q=${"b".repeat(6000)}`),
    CONNECT: { status: await rawStatus(server.port, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n") },
    "absolute-form": { status: await rawStatus(server.port, "GET http://evil.example/ HTTP/1.1\r\nHost: evil.example\r\n\r\n") },
    "bad request line": { status: await rawStatus(server.port, "GET /\u0001 HTTP/1.1\r\n\r\n") },
  };
  await sleep(200);
  const oddLines = logLines(server.log().slice(logBefore));
  const statuses = Object.fromEntries(Object.entries(odd).map(([k, v]) => [k, v.status]));
  const errorLines = oddLines.filter((l) => l.level === "error" || l.level === "fatal" || l.err?.stack || /\n\s+at /.test(l.raw ?? ""));
  t.ok(
    Object.values(statuses).every((s) => s >= 400 && s < 500) && errorLines.length === 0,
    "OPTIONS, TRACE, CONNECT, other methods and malformed or overlong paths answer 4xx; nothing is logged as an error",
    `${JSON.stringify(statuses)}; error lines or stacks in the log: ${errorLines.length}`,
  );
  return odd;
}

/** Security headers on every kind of answer (the 413 and the 405 from the scenarios before). */
async function securityHeaders(t, server, { jsonBig, options }) {
  const html = await send(server.base, "/?lng=ar");
  const asset = /\/assets\/[^"]+\.js/.exec(html.text)?.[0];
  const kinds = {
    "HTML page": html,
    "JSON API": await send(server.base, "/api/v1/products/"),
    "static file": await send(server.base, "/favicon.svg"),
    "hashed asset": await send(server.base, asset ?? "/assets/missing.js"),
    "redirect (verify POST)": await send(server.base, "/verify", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: server.base }, body: "code=ABCD-1234" }),
    "404 page": await send(server.base, "/no-such-page"),
    "413": jsonBig,
    "405": options,
    "/healthz": await send(server.base, "/healthz"),
  };
  const missing = [];
  for (const [kind, answer] of Object.entries(kinds)) {
    const h = (name) => (answer.headers.get ? answer.headers.get(name) : answer.headers[name]) ?? "";
    if (h("cross-origin-resource-policy") !== "same-origin") missing.push(`${kind}: CORP`);
    if (!/camera=\(\)/.test(h("permissions-policy"))) missing.push(`${kind}: Permissions-Policy`);
    if (!/frame-ancestors 'none'/.test(h("content-security-policy"))) missing.push(`${kind}: frame-ancestors`);
    if (h("x-content-type-options") !== "nosniff") missing.push(`${kind}: nosniff`);
  }
  t.ok(
    missing.length === 0 && kinds["redirect (verify POST)"].status === 302 && kinds["404 page"].status === 404,
    "Permissions-Policy, Cross-Origin-Resource-Policy and frame-ancestors 'none' on every kind of answer",
    `${Object.entries(kinds).map(([k, a]) => `${k} ${a.status}`).join(", ")}; missing: ${missing.join(", ") || "none"}`,
  );
}

/** Logs: JSON lines with request ids; no password, token, raw client address, health check or stack. */
async function logs(t, server) {
  const password = "bench-password-long-enough";
  const login = await send(server.base, "/api/v1/users/login/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ username: "bench-admin", password }) });
  const tokens = parseJson(login.text)?.data ?? {};
  await send(server.base, "/api/v1/users/login/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ username: "bench-admin", password: "wrong-password-here" }) });
  const refreshed = parseJson((await send(server.base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: tokens.refresh_token }) })).text)?.data ?? {};
  await send(server.base, "/api/v1/codes/list/", { headers: { ...JSON_HEADERS, authorization: `Bearer ${refreshed.access_token}` } });
  await send(server.base, "/admin/dashboard", { headers: { cookie: `__Host-access_token=${refreshed.access_token}; __Host-refresh_token=${refreshed.refresh_token}` } });
  // An invitation link opened (and asked for with ?token=): its token must not reach the log.
  const invited = parseJson((await send(server.base, "/api/v1/admins/create/", { method: "POST", headers: { ...JSON_HEADERS, authorization: `Bearer ${refreshed.access_token}` }, body: JSON.stringify({ username: "log-invited", role: "viewer" }) })).text)?.data ?? {};
  const invitationPath = invited.invitation_url ? new URL(invited.invitation_url).pathname : "";
  const invitationToken = invitationPath.split("/").at(-1) ?? "";
  if (invitationPath) {
    await send(server.base, invitationPath);
    await send(server.base, `/admin/invitation?token=${invitationToken}`);
  }
  const chosen = await sendFresh(server.base, "/robots.txt", { headers: { "x-request-id": "chosen-by-a-client" } });
  for (let i = 0; i < 50; i++) await send(server.base, i % 2 ? "/healthz" : "/readyz");
  await sleep(300);
  const text = server.log();
  const lines = logLines(text);
  const notJson = lines.filter((l) => l.raw !== undefined);
  const secrets = [password, tokens.access_token, tokens.refresh_token, refreshed.access_token, refreshed.refresh_token, invitationToken].filter(Boolean);
  const leaked = secrets.filter((s) => text.includes(s));
  const rawAddress = lines.filter((l) => !/^Listening on/.test(l.msg ?? "") && JSON.stringify(l).includes("127.0.0.1"));
  const health = lines.filter((l) => l.msg === "request" && /^\/(healthz|readyz)/.test(l.path ?? ""));
  const accessLines = lines.filter((l) => l.msg === "request");
  const withId = accessLines.filter((l) => typeof l.req_id === "string" && l.req_id.length > 0);
  const stacks = lines.filter((l) => JSON.stringify(l).includes('"stack"'));
  t.ok(
    notJson.length === 0 && leaked.length === 0 && invitationToken.length === 43 && rawAddress.length === 0 && health.length === 0 && withId.length === accessLines.length && stacks.length === 0 &&
      chosen.requestId !== "chosen-by-a-client" && accessLines.some((l) => l.req_id === chosen.requestId),
    "logs: JSON lines with a request id each; no password, token (an invitation link's included), raw client address, health check or stack",
    `${lines.length} lines, ${notJson.length} not JSON; invitation ${invitationToken.length === 43 ? "opened" : "not created"}; ${accessLines.length} access lines, ${withId.length} with req_id; secrets found ${leaked.length}; lines with the client address ${rawAddress.length}; health-check lines ${health.length}; stacks ${stacks.length}; a client's own X-Request-Id ${chosen.requestId === "chosen-by-a-client" ? "taken (wrong)" : "replaced"}`,
  );
}

/** Files: the data folder 0700; the database, WAL, shared memory, secret and backups 0600. */
async function fileModes(t, server, dataDir) {
  const backup = await runCommand(bin("tsx"), ["scripts/backup.ts"], { DATABASE_URL: server.databaseUrl, DATA_DIR: dataDir });
  const mode = (path) => {
    try {
      return (statSync(path).mode & 0o777).toString(8);
    } catch {
      return "missing";
    }
  };
  const backupFile = /Backup written: (\S+)/.exec(backup.output)?.[1];
  const modes = {
    "data folder": mode(dataDir),
    "app.db": mode(join(dataDir, "app.db")),
    "app.db-wal": mode(join(dataDir, "app.db-wal")),
    "app.db-shm": mode(join(dataDir, "app.db-shm")),
    "secret.key": mode(join(dataDir, "secret.key")),
    "backups folder": mode(join(dataDir, "backups")),
    backup: backupFile ? mode(backupFile) : "missing",
  };
  t.ok(
    modes["data folder"] === "700" && modes["backups folder"] === "700" && ["app.db", "app.db-wal", "app.db-shm", "secret.key", "backup"].every((k) => modes[k] === "600"),
    "the data folder is created 0700; the database, WAL, shared memory, secret and backups are 0600",
    JSON.stringify(modes),
  );
}

/** TRUST_PROXY=1 and IPv6: no address of the client's choosing, limits per /64, the proxy's request id. */
async function trustProxyAndIpv6(t, proxied) {
  await waitUntil(() => /"msg":"Listening on/.test(proxied.log()));
  const check = (xff, extra = {}) =>
    sendFresh(proxied.base, "/api/v1/codes/verify/", { method: "POST", headers: { ...JSON_HEADERS, "x-forwarded-for": xff, ...extra }, body: JSON.stringify({ code: "NOPE0000" }) });
  // A proxy that appends: the client writes whatever it likes first, the proxy adds the real address.
  const spoofed = [];
  for (let i = 0; i < 10; i++) spoofed.push((await check(`10.9.8.${i}, 203.0.113.50`)).status);
  const distinct = [];
  for (let i = 0; i < 5; i++) distinct.push((await check(`203.0.113.${100 + i}`)).status);
  const sameSlash64 = [];
  for (let i = 1; i <= 6; i++) sameSlash64.push((await check(`2001:db8:aa:bb::${i.toString(16)}:${(i * 7).toString(16)}`)).status);
  const otherSlash64 = (await check("2001:db8:aa:cc::1")).status;
  const allowed = (list) => list.filter((s) => s === 200).length;
  t.ok(
    allowed(spoofed) === 3 && allowed(distinct) === 5 && allowed(sameSlash64) === 3 && otherSlash64 === 200,
    "TRUST_PROXY=1: a client cannot choose its address through X-Forwarded-For; IPv6 clients are limited per /64",
    `limit 3: 10 checks with a forged first hop → ${allowed(spoofed)} allowed; 5 real clients → ${allowed(distinct)} allowed; 6 addresses of one /64 → ${allowed(sameSlash64)} allowed; another /64 → ${otherSlash64}`,
  );
  const traced = await sendFresh(proxied.base, "/robots.txt", { headers: { "x-forwarded-for": "198.51.100.77", "x-request-id": "lb-req-777" } });
  await sleep(200);
  const proxiedLines = logLines(proxied.log());
  const tracedLine = proxiedLines.find((l) => l.msg === "request" && l.req_id === "lb-req-777");
  const proxiedText = proxied.log();
  const clientAddresses = ["203.0.113.50", "198.51.100.77", "2001:db8:aa:bb", "10.9.8.1"].filter((a) => proxiedText.includes(a));
  t.ok(
    traced.requestId === "lb-req-777" && tracedLine && clientAddresses.length === 0,
    "a trusted proxy's X-Request-Id is kept and logged; client addresses behind it never reach the log",
    `echoed ${traced.requestId}; access line ${tracedLine ? "found" : "missing"}; client addresses in the log: ${clientAddresses.join(", ") || "none"}`,
  );
}

/** A bad secret file (empty, short) stops the start with one line. */
async function badSecretFile(t, base) {
  const outcomes = {};
  for (const [name, content] of [["empty", ""], ["short", "too-short-secret"]]) {
    const folder = join(base, `secret-${name}`);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    writeFileSync(join(folder, "secret.key"), content, { mode: 0o600 });
    const started = await runCommand(process.execPath, ["server.js"], {
      NODE_ENV: "production",
      PORT: "3399",
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${join(folder, "app.db")}`,
      DATA_DIR: folder,
      LOG_FORMAT: "json",
    });
    const outputLines = started.output.trim().split("\n").filter(Boolean);
    outcomes[name] = { code: started.code, lines: outputLines.length, line: outputLines[0]?.slice(0, 160) };
  }
  t.ok(
    Object.values(outcomes).every((o) => o.code === 1 && o.lines === 1 && /secret\.key is (empty|only \d+ characters)/.test(o.line ?? "")),
    "an empty or short secret file stops the start with one line",
    Object.entries(outcomes).map(([k, o]) => `${k}: exit ${o.code}, ${o.lines} line: ${o.line}`).join(" | "),
  );
}

/**
 * Streams `total` bytes to `path` (declaring the length or chunked), stopping as soon as the server
 * answers. Resolves {status, sentBytes, ms}.
 */
function streamBody(base, path, { type, total, declare }) {
  const url = new URL(path, base);
  const started = Date.now();
  return new Promise((resolve) => {
    let sent = 0;
    let answered = false;
    const headers = { "content-type": type, connection: "close", origin: base };
    if (declare) headers["content-length"] = String(total);
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent: false, headers }, (res) => {
      answered = true;
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode, sentBytes: sent, ms: Date.now() - started }));
      res.on("error", () => resolve({ status: res.statusCode, sentBytes: sent, ms: Date.now() - started }));
    });
    req.on("error", () => {
      if (!answered) resolve({ status: 0, sentBytes: sent, ms: Date.now() - started });
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (!answered && !req.destroyed && sent < total) {
        const piece = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered && sent >= total) req.end();
    };
    pump();
  });
}

/** Sends raw bytes and reads the status code of the first answer line. */
function rawStatus(port, text) {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on("data", (chunk) => {
      data += chunk;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (match) {
        resolve(Number(match[1]));
        socket.destroy();
      }
    });
    socket.on("close", () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
    socket.on("error", () => {});
  });
}
