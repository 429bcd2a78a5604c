import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { fetchRetry, root } from "../../bench/lib.mjs";

// A small tally for the hardening checks: every assertion prints one line with its figures; the
// runner totals them into the closing "N passed, N failed" line.
export function createTally(checkName) {
  const results = [];
  return {
    results,
    /** Records one assertion. `figures` says what was measured, whatever the outcome. */
    ok(condition, label, figures = "") {
      results.push({ check: checkName, label, passed: Boolean(condition), figures });
      console.log(`  ${condition ? "ok  " : "FAIL"} ${label}${figures ? ` — ${figures}` : ""}`);
      return Boolean(condition);
    },
    note(text) {
      console.log(`       ${text}`);
    },
  };
}

export const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

/** A request that never throws on HTTP errors and never follows redirects. */
export async function send(base, path, { method = "GET", headers = {}, body } = {}) {
  const started = performance.now();
  try {
    const response = await fetchRetry(base + path, { method, headers, body, redirect: "manual" });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, headers: new Headers(), text: "", error: error?.cause?.code ?? error?.message ?? String(error), ms: performance.now() - started };
  }
}

export function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** True for the API envelope {status_code, message, data, error} with a readable message. */
export function isEnvelope(body) {
  return (
    body !== null &&
    typeof body === "object" &&
    (body.status_code === 6000 || body.status_code === 6001) &&
    typeof body.message === "string" &&
    body.message.trim().length > 0 &&
    "data" in body &&
    "error" in body
  );
}

export function form(fields) {
  return { headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() };
}

/**
 * A request on a connection of its own (no keep-alive pool), so that a cluster's primary hands each
 * one to the next worker: {status, headers, text, requestId}. Never throws; status 0 on a network error.
 */
export function sendFresh(base, path, { method = "GET", headers = {}, body, timeoutMs = 30_000 } = {}) {
  const url = new URL(path, base);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const failed = (error) => done({ status: 0, headers: {}, text: "", error: error?.code ?? error?.message ?? String(error) });
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: { connection: "close", ...headers }, agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, text, requestId: res.headers["x-request-id"] }));
        res.on("error", failed);
        // A connection cut mid-answer (the worker died): no "end" will come.
        res.on("close", () => failed(new Error("closed before the end of the answer")));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      failed(new Error("timeout"));
    }, timeoutMs);
    req.on("error", failed);
    req.end(body);
  });
}

/** The server's JSON log lines (LOG_FORMAT=json), parsed; lines that are not JSON are kept as {raw}. */
export function logLines(text) {
  return text
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return { raw: line };
      }
    });
}

/** Which worker answered each request id, from the access log. */
export function workersByRequest(lines) {
  const map = new Map();
  for (const line of lines) if (line.msg === "request" && line.req_id) map.set(line.req_id, line.worker);
  return map;
}

export async function waitUntil(predicate, ms = 15_000, step = 100) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await predicate()) return true;
    await new Promise((r) => setTimeout(r, step));
  }
  return false;
}

/** The token id (jti) of a JWT, without checking it. */
export function jti(token) {
  try {
    return JSON.parse(Buffer.from(String(token).split(".")[1], "base64url").toString("utf8")).jti;
  } catch {
    return undefined;
  }
}

/** Runs a command from the repository root with extra environment; resolves with its exit code and output (killed after `timeoutMs`). */
export function runCommand(command, args, env, timeoutMs = 60_000) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
