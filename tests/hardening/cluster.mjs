// Cluster: one instance with two node:cluster workers (WEB_CONCURRENCY=2). Migrations and the first
// admin happen once, in the primary, before any worker starts; both workers serve; the rate limit,
// the one-use rule and sessions (including simultaneous refreshes of one token) hold across them; a
// worker killed with SIGKILL is replaced and logged while the other keeps serving; SIGTERM lets every
// request in flight finish (bodies still arriving included), then every process exits 0.
import { request as httpRequest } from "node:http";
import { productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { openStore } from "../../bench/store.mjs";
import { JSON_HEADERS, jti, logLines, parseJson, sendFresh, waitUntil, workersByRequest } from "./harness.mjs";

const VERIFY_LIMIT = 10;

export async function run(t) {
  const dataDir = tempDir("hardening-cluster");
  const server = await startServer({ dataDir, captureLog: true, env: { WEB_CONCURRENCY: "2", VERIFY_RATE_LIMIT: String(VERIFY_LIMIT) } });
  const figures = {};
  let stopped = false;
  try {
    await waitUntil(() => /"msg":"Listening on/.test(server.log()));
    primaryStartsFirst(t, server);
    await bothWorkersServe(t, server);
    await rateLimitAcrossWorkers(t, server, figures);
    await secondInstance(t);
    await killedWorkerReplaced(t, server, figures);
    await sigtermDrains(t, server, () => (stopped = true));
    return figures;
  } finally {
    if (!stopped) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The primary migrates and creates the first admin once, before the workers start. */
function primaryStartsFirst(t, server) {
  const startLines = logLines(server.log());
  const listening = startLines.findIndex((l) => /^Listening on/.test(l.msg ?? ""));
  const migrated = startLines.filter((l) => l.msg === "database ready");
  const bootstrap = startLines.filter((l) => /created admin account/.test(l.msg ?? ""));
  const firstWorkerLine = startLines.findIndex((l) => l.worker !== undefined);
  t.ok(
    migrated.length === 1 && migrated[0].worker === undefined && bootstrap.length === 1 && bootstrap[0].worker === undefined &&
      startLines.indexOf(migrated[0]) < listening && (firstWorkerLine === -1 || startLines.indexOf(migrated[0]) < firstWorkerLine) &&
      server.workers().length === 2,
    "the primary migrates and creates the first admin once, before the workers start",
    `${migrated.length} "database ready" line (primary), ${bootstrap.length} first-admin line (primary); workers ${server.workers().join(", ")}`,
  );
}

/** Both workers serve: connections are handed out in turn. */
async function bothWorkersServe(t, server) {
  const spread = await Promise.all(Array.from({ length: 20 }, () => sendFresh(server.base, "/robots.txt")));
  await sleep(200);
  const byRequest = workersByRequest(logLines(server.log()));
  const served = new Set(spread.map((r) => byRequest.get(r.requestId)));
  t.ok(spread.every((r) => r.status === 200) && served.has(1) && served.has(2), "both workers answer requests", `20 connections answered by workers ${[...served].sort().join(", ")}`);
}

/** The verification limit counts across workers: one client, limit 10, 30 checks on fresh connections. */
async function rateLimitAcrossWorkers(t, server, figures) {
  const limited = [];
  for (let i = 0; i < 30; i++) {
    limited.push(await sendFresh(server.base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: "LIMIT0000" }) }));
  }
  await sleep(200);
  const byRequest2 = workersByRequest(logLines(server.log()));
  const allowed = limited.filter((r) => r.status === 200);
  const refused = limited.filter((r) => r.status === 429);
  const allowedBy = new Set(allowed.map((r) => byRequest2.get(r.requestId)));
  figures.rateLimit = { allowed: allowed.length, refused: refused.length, workers: [...allowedBy] };
  t.ok(
    allowed.length === VERIFY_LIMIT && refused.length === 30 - VERIFY_LIMIT && allowedBy.size === 2,
    `the rate limit counts across workers (limit ${VERIFY_LIMIT} per client and minute)`,
    `${allowed.length} allowed (by workers ${[...allowedBy].sort().join(", ")}), ${refused.length} answered 429`,
  );
}

/**
 * One use and sessions across workers, on a second instance with the usual high test limits (the
 * limit of 10 per client above would refuse most of 100 checks from this one address).
 */
async function secondInstance(t) {
  const race = await startServer({ dataDir: tempDir("hardening-cluster-race"), captureLog: true, env: { WEB_CONCURRENCY: "2" } });
  try {
    await waitUntil(() => /"msg":"Listening on/.test(race.log()));
    await oneUseAcrossWorkers(t, race);
    await sessionsAcrossWorkers(t, race);
  } finally {
    await race.stop();
    rmSync(race.dataDir, { recursive: true, force: true });
  }
}

/** One use across workers: 100 simultaneous checks of one code, exactly one valid. */
async function oneUseAcrossWorkers(t, race) {
  const raceStore = await openStore(race.databaseUrl);
  const [raceCode] = await raceStore.insertCodes({ count: 1, productIds: await productIds(race.base), prefix: "CL", returnActive: true });
  await raceStore.close();
  const answers = await Promise.all(
    Array.from({ length: 100 }, () => sendFresh(race.base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: raceCode }) })),
  );
  await sleep(200);
  const byRace = workersByRequest(logLines(race.log()));
  const valid = answers.filter((r) => parseJson(r.text)?.data?.is_valid === true);
  const workers = new Set(answers.map((r) => byRace.get(r.requestId)));
  t.ok(
    valid.length === 1 && answers.every((r) => r.status === 200) && workers.size === 2,
    "one use across workers: 100 simultaneous checks of one code, exactly one valid",
    `${valid.length} valid, ${answers.filter((r) => r.status === 200).length} answered 200, by workers ${[...workers].sort().join(", ")}`,
  );
}

/**
 * Sessions across workers: a login on one, its token honoured by both; ten simultaneous refreshes
 * of one refresh token on both workers rotate it once: one answer carries the successor, the
 * others (retries within the grace window, decision 103) a new access token only.
 */
async function sessionsAcrossWorkers(t, race) {
  const login = await sendFresh(race.base, "/api/v1/users/login/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ username: "bench-admin", password: "bench-password-long-enough" }) });
  const tokens = parseJson(login.text)?.data;
  const calls = await Promise.all(
    Array.from({ length: 10 }, () => sendFresh(race.base, "/api/v1/codes/list/?status=active", { headers: { ...JSON_HEADERS, authorization: `Bearer ${tokens.access_token}` } })),
  );
  const refreshes = await Promise.all(
    Array.from({ length: 10 }, () =>
      sendFresh(race.base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: tokens.refresh_token }) }),
    ),
  );
  await sleep(200);
  const byRefresh = workersByRequest(logLines(race.log()));
  // The same successor: the same token id (jti); the JWT text may differ by its issue time.
  const successors = new Set(refreshes.map((r) => parseJson(r.text)?.data?.refresh_token).filter(Boolean).map(jti));
  const check = await openStore(race.databaseUrl, { readonly: true });
  const rows = Number((await check.get("SELECT count(*) AS n FROM refresh_tokens WHERE revoked_at IS NULL")).n);
  await check.close();
  t.ok(
    calls.every((r) => r.status === 200) &&
      refreshes.every((r) => r.status === 200) &&
      successors.size === 1 &&
      !successors.has(jti(tokens.refresh_token)) &&
      rows === 2 &&
      new Set(refreshes.map((r) => byRefresh.get(r.requestId))).size === 2,
    "sessions across workers: a token works on both; 10 simultaneous refreshes all succeed and rotate it once (one successor)",
    `${calls.filter((r) => r.status === 200).length}/10 bearer calls 200; refreshes HTTP ${JSON.stringify(countBy(refreshes.map((r) => r.status)))}, ${successors.size} distinct successor; ${rows} live token rows (original + successor)`,
  );
}

/** A worker killed with SIGKILL is replaced and logged, while requests keep being answered. */
async function killedWorkerReplaced(t, server, figures) {
  const before = server.workers();
  let streaming = true;
  const outcomes = { ok: 0, failed: 0, afterReplacement: { ok: 0, failed: 0 } };
  let replaced = false;
  const streamers = Array.from({ length: 4 }, async () => {
    while (streaming) {
      // Counted by when the request was sent: one sent before the replacement may still fail.
      const bucket = replaced ? outcomes.afterReplacement : outcomes;
      const r = await sendFresh(server.base, "/robots.txt");
      if (r.status === 200) bucket.ok++;
      else bucket.failed++;
    }
  });
  await sleep(500);
  const victim = before[0];
  process.kill(victim, "SIGKILL");
  const gotReplacement = await waitUntil(() => {
    const now = server.workers();
    return now.length === 2 && !now.includes(victim);
  }, 15_000);
  await waitUntil(() => /worker died: starting a replacement/.test(server.log()), 5_000);
  replaced = true;
  await sleep(1500);
  streaming = false;
  await Promise.all(streamers);
  const death = logLines(server.log()).find((l) => l.msg === "worker died: starting a replacement");
  figures.replacement = { victim, workersAfter: server.workers(), outcomes, logged: death };
  t.ok(
    gotReplacement && death?.signal === "SIGKILL" && death.pid === victim && outcomes.afterReplacement.failed === 0 && outcomes.afterReplacement.ok > 0,
    "a worker killed with SIGKILL is replaced and logged; answers continue",
    `killed pid ${victim}; workers now ${server.workers().join(", ")}; log: ${death ? `"${death.msg}" worker ${death.worker} signal ${death.signal}` : "none"}; ` +
      `${outcomes.ok} answered and ${outcomes.failed} cut off before the replacement, ${outcomes.afterReplacement.ok} answered and ${outcomes.afterReplacement.failed} failed after`,
  );
}

/**
 * SIGTERM drains: 20 contact messages whose bodies are still arriving when the signal comes (so
 * each is certainly inside a worker) are all stored and answered; then every process exits 0.
 * `markStopped` is called once the server has stopped.
 */
async function sigtermDrains(t, server, markStopped) {
  const slow = Array.from({ length: 20 }, (_, i) => slowPost(server.base, "/api/v1/general/contact/create/", JSON.stringify({ name: `Drain ${i}`, phone_number: "+20 100 000 0002", message: `Sent across the shutdown ${i}.` })));
  await sleep(1500);
  const workersAtStop = server.workers();
  const stoppedAt = Date.now();
  const exit = server.stop();
  await sleep(300);
  for (const post of slow) post.finish();
  const answers = await Promise.all(slow.map((p) => p.answer));
  const { code: exitCode } = await exit;
  markStopped();
  const drainMs = Date.now() - stoppedAt;
  const leftovers = workersAtStop.filter((pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  });
  const stored = await openStore(server.databaseUrl, { readonly: true });
  const drained = Number((await stored.get("SELECT count(*) AS n FROM contacts WHERE name LIKE 'Drain %'")).n);
  await stored.close();
  const finalLines = logLines(server.log());
  t.ok(
    answers.every((r) => r.status === 201) && drained === 20 && exitCode === 0 && leftovers.length === 0 && finalLines.some((l) => l.msg === "stopped"),
    "SIGTERM drains: requests still arriving when it comes are answered and stored, then every process exits 0",
    `${answers.filter((r) => r.status === 201).length}/20 answered 201 (others: ${JSON.stringify(countBy(answers.filter((r) => r.status !== 201).map((r) => r.status || r.error)))}), ${drained} stored; primary exit code ${exitCode} after ${drainMs} ms; workers left ${leftovers.length}`,
  );
}


function countBy(values) {
  const out = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

/** A POST whose body is sent in two halves: the second only when finish() is called. */
function slowPost(base, path, body) {
  const url = new URL(path, base);
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  let finish;
  const answer = new Promise((resolve) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname, method: "POST", agent: false, headers: { "content-type": "application/json", accept: "application/json", "content-length": bytes.length, connection: "close" } },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, text }));
        res.on("close", () => resolve({ status: 0, error: "closed" }));
      },
    );
    req.on("error", (error) => resolve({ status: 0, error: error.code ?? error.message }));
    req.write(bytes.subarray(0, half));
    finish = () => req.end(bytes.subarray(half));
  });
  return { answer, finish: () => finish() };
}
