import { fetchRetry } from "../../bench/lib.mjs";

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
