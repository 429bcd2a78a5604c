// Sign-in under attack (issue 13), against two server processes sharing one database:
//  - the concurrent burst: 150 simultaneous wrong passwords for one account from one client, split
//    across both processes, then the right one: at most LOGIN_RATE_LIMIT (5) of them reach the
//    password check (one audit "sign_in.failure" per check), the rest and the right password are
//    refused with 429 and Retry-After;
//  - the lockout attempt: a stranger hammers the owner's account; the owner still signs in from
//    another address, and from the stranger's own address with the browser's device cookie;
//  - the two-factor guessing budget (decision 150): someone who holds a member's password guesses
//    second-step codes from 20 addresses at once, on both processes: at most MFA_BUDGET codes are
//    checked, then the account's second step is locked (423), one audit entry says so.
import { ADMIN, rmSync, startServer, tempDir } from "../../bench/lib.mjs";
import { checkDatabase, openStore } from "../../bench/store.mjs";
import { JSON_HEADERS, parseJson, send } from "./harness.mjs";

const LIMIT = 5;
const MFA_BUDGET = 10;
const MFA_ADDRESSES = 20;
const BURST = Number(process.env.HARDENING_SIGN_IN_BURST ?? 150);

const login = (base, client, body, cookie) =>
  send(base, "/api/v1/users/login/", {
    method: "POST",
    headers: { ...JSON_HEADERS, "x-forwarded-for": client, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

const tally = (answers) => {
  const statuses = {};
  for (const r of answers) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return statuses;
};

export async function run(t) {
  const dataDir = tempDir("hardening-sign-in");
  // Real limits this time (the other checks lift them), and the client address from X-Forwarded-For,
  // as behind a proxy on this machine (TRUST_PROXY never trusts every hop).
  const env = { LOGIN_RATE_LIMIT: String(LIMIT), TRUST_PROXY: "loopback" };
  const database = await checkDatabase(dataDir, "signin");
  const a = await startServer({ dataDir, databaseUrl: database.url, env });
  const b = await startServer({ dataDir, databaseUrl: database.url, env });
  const figures = { engine: database.engine };
  const store = await openStore(database.url, { dataDir });
  const auditCount = async (action, actor) => Number((await store.get("SELECT count(*) AS n FROM audit_log WHERE action = ? AND actor = ?", [action, actor])).n);
  try {
    // The owner's own browser signed in once before the attack: it holds a device cookie.
    const before = await login(a.base, "198.51.100.7", ADMIN);
    const device = (before.headers.getSetCookie?.() ?? []).find((c) => c.startsWith("__Host-admin_device="))?.split(";")[0];
    t.ok(before.status === 200 && Boolean(device), "a first sign-in gives the browser its device cookie", `HTTP ${before.status}; ${device ? "admin_device set" : "no device cookie"}`);

    // The concurrent burst.
    const failuresBefore = await auditCount("sign_in.failure", ADMIN.username);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: BURST }, (_, i) => login(i % 2 ? b.base : a.base, "203.0.113.9", { username: ADMIN.username, password: `wrong-guess-${i}` })),
    );
    const right = await login(a.base, "203.0.113.9", ADMIN);
    const ms = Math.round(performance.now() - started);
    const statuses = tally(answers);
    const checked = (await auditCount("sign_in.failure", ADMIN.username)) - failuresBefore;
    const retryAfter = Number(right.headers.get("retry-after"));
    figures.burst = { attempts: BURST, processes: 2, statuses, passwordChecks: checked, rightPassword: right.status, retryAfter, ms };
    t.ok(
      checked <= LIMIT && (statuses[401] ?? 0) === checked && (statuses[429] ?? 0) === BURST - checked,
      `a burst of ${BURST} simultaneous wrong passwords on 2 processes gets at most ${LIMIT} password checks`,
      `${checked} checked (audit sign_in.failure), HTTP ${JSON.stringify(statuses)}, ${ms} ms`,
    );
    t.ok(
      right.status === 429 && parseJson(right.text)?.error === "rate_limited" && retryAfter > 0 && retryAfter <= 900,
      "the right password sent after the burst is refused: 429 with Retry-After",
      `HTTP ${right.status} ${parseJson(right.text)?.error}; Retry-After ${retryAfter} s`,
    );
    const locks = (await store.all("SELECT detail FROM audit_log WHERE action = 'sign_in.locked' AND actor = ?", [ADMIN.username])).map((r) => (typeof r.detail === "string" ? JSON.parse(r.detail) : r.detail).limit);
    t.ok(
      locks.length === 2 && locks.includes("account_client") && locks.includes("client"),
      "each limit that shuts is one audit entry, not one per refused attempt",
      `${locks.length} sign_in.locked entries (${locks.join(", ")}) for ${BURST - checked} refused attempts`,
    );

    // The lockout attempt: the stranger (203.0.113.9) keeps going; the owner is not locked out.
    const stranger = await Promise.all(Array.from({ length: 30 }, (_, i) => login(b.base, "203.0.113.9", { username: ADMIN.username, password: `again-${i}` })));
    const elsewhere = await login(b.base, "198.51.100.20", ADMIN);
    const sameNetworkNoCookie = await login(a.base, "203.0.113.9", ADMIN);
    const sameNetworkWithCookie = await login(a.base, "203.0.113.9", ADMIN, device);
    figures.lockout = {
      stranger: tally(stranger),
      ownerFromAnotherAddress: elsewhere.status,
      ownerFromStrangersAddressWithoutCookie: sameNetworkNoCookie.status,
      ownerFromStrangersAddressWithDeviceCookie: sameNetworkWithCookie.status,
    };
    t.ok(
      stranger.every((r) => r.status === 429 && Number(r.headers.get("retry-after")) > 0),
      "the stranger's further guesses are refused (429, Retry-After), none checked",
      `HTTP ${JSON.stringify(tally(stranger))}`,
    );
    t.ok(
      elsewhere.status === 200 && sameNetworkWithCookie.status === 200 && sameNetworkNoCookie.status === 429,
      "the owner still signs in: from another address, and from the stranger's own address with the device cookie",
      `another address → ${elsewhere.status}; stranger's address with device cookie → ${sameNetworkWithCookie.status}; without it → ${sameNetworkNoCookie.status}`,
    );
    figures.secondStep = await secondStepBudget(t, a, b, store, parseJson(before.text)?.data?.access_token);
    t.ok(a.child.exitCode === null && b.child.exitCode === null, "both server processes still running", `pids ${a.pid}, ${b.pid}`);
  } finally {
    await store.close();
    await a.stop();
    await b.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

/**
 * 20 addresses, each with the right password and then LIMIT code guesses, all at once on both
 * processes: the account's second step takes at most MFA_BUDGET codes, then locks for everyone
 * without the member's device cookie (a fresh address with the right password gets 423, unchecked).
 */
async function secondStepBudget(t, a, b, store, ownerToken) {
  const username = "mfa-target";
  const password = "sapphire-kettle-morning-3";
  const created = await send(a.base, "/api/v1/admins/create/", { method: "POST", headers: { ...JSON_HEADERS, authorization: `Bearer ${ownerToken}` }, body: JSON.stringify({ username, role: "viewer", password }) });
  // Two-factor on for the member (a sealed secret no guess can match: every code tried is wrong).
  await store.run("UPDATE admins SET totp_secret = 'v1.AAAA.AAAA.AAAA', totp_enabled_at = ? WHERE username = ?", [new Date().toISOString(), username]);
  const started = performance.now();
  const perAddress = await Promise.all(
    Array.from({ length: MFA_ADDRESSES }, async (_, i) => {
      const client = `198.18.${i}.1`;
      const server = i % 2 ? b : a;
      const first = parseJson((await login(server.base, client, { username, password })).text)?.data ?? {};
      if (!first.mfa_token) return [`password ${first.mfa_required}`];
      return Promise.all(
        Array.from({ length: LIMIT }, (_, g) =>
          send((g % 2 ? a : b).base, "/api/v1/users/login/mfa/", { method: "POST", headers: { ...JSON_HEADERS, "x-forwarded-for": client }, body: JSON.stringify({ mfa_token: first.mfa_token, code: String(200000 + i * 10 + g) }) }).then((r) => r.status),
        ),
      );
    }),
  );
  const ms = Math.round(performance.now() - started);
  const statuses = {};
  for (const s of perAddress.flat()) statuses[s] = (statuses[s] ?? 0) + 1;
  const checked = Number((await store.get("SELECT count(*) AS n FROM audit_log WHERE action = 'sign_in.failure' AND actor = ? AND detail LIKE '%second_factor%' AND outcome = 'failure'", [username])).n);
  const lockEntries = Number((await store.get("SELECT count(*) AS n FROM audit_log WHERE action = 'sign_in.second_step_locked' AND actor = ?", [username])).n);
  const { mfa_locked_at: locked } = await store.get("SELECT mfa_locked_at FROM admins WHERE username = ?", [username]);
  const fresh = parseJson((await login(b.base, "198.18.250.1", { username, password })).text)?.data ?? {};
  const after = await send(a.base, "/api/v1/users/login/mfa/", { method: "POST", headers: { ...JSON_HEADERS, "x-forwarded-for": "198.18.250.1" }, body: JSON.stringify({ mfa_token: fresh.mfa_token ?? "none", code: "123456" }) });
  const figures = { member: created.status, addresses: MFA_ADDRESSES, guessesSent: MFA_ADDRESSES * LIMIT, statuses, codesChecked: checked, lockEntries, locked: Boolean(locked), freshAddressAfter: after.status, ms };
  t.ok(
    created.status === 201 && checked <= MFA_BUDGET && checked > 0 && (statuses[401] ?? 0) === checked && (statuses[423] ?? 0) > 0,
    `${MFA_ADDRESSES} addresses × ${LIMIT} second-step guesses on 2 processes: at most ${MFA_BUDGET} codes checked for the account`,
    `${checked} checked (audit sign_in.failure, second factor), HTTP ${JSON.stringify(statuses)}, ${ms} ms`,
  );
  t.ok(
    Boolean(locked) && lockEntries === 1 && after.status === 423 && parseJson(after.text)?.error === "second_step_locked",
    "then the account's second step is locked: one audit entry, and a fresh address with the right password gets 423",
    `mfa_locked_at ${locked ? "set" : "not set"}; ${lockEntries} sign_in.second_step_locked entries; fresh address → HTTP ${after.status} ${parseJson(after.text)?.error}`,
  );
  return figures;
}
