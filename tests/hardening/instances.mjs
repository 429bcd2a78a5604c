// Instances: two server instances (two workers each) on one database — a SQLite file, or a PostgreSQL
// database under `npm run test:postgres`, as on several machines. A rate limit counts across both;
// ten simultaneous refreshes of one refresh token, split across both, rotate it once (one answer
// carries the successor, the others a new access token, decision 103); the old token presented on the other instance after the grace window revokes the
// whole family everywhere.
import { login, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { checkDatabase, openStore } from "../../bench/store.mjs";
import { JSON_HEADERS, jti, parseJson, sendFresh, waitUntil } from "./harness.mjs";

const LIMIT = 10;
const GRACE_MS = 10_000;

export async function run(t) {
  const dataDir = tempDir("hardening-instances");
  const database = await checkDatabase(dataDir, "instances");
  const env = { WEB_CONCURRENCY: "2", VERIFY_RATE_LIMIT: String(LIMIT) };
  const a = await startServer({ dataDir, databaseUrl: database.url, env, captureLog: true });
  const b = await startServer({ dataDir, databaseUrl: database.url, env, captureLog: true });
  try {
    await waitUntil(() => /"msg":"Listening on/.test(a.log()) && /"msg":"Listening on/.test(b.log()));
    const bases = [a.base, b.base];

    const checks = [];
    for (let i = 0; i < 3 * LIMIT; i++) {
      checks.push(await sendFresh(bases[i % 2], "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code: "LIMIT0000" }) }));
    }
    const allowed = checks.filter((r) => r.status === 200).length;
    const refused = checks.filter((r) => r.status === 429).length;
    t.ok(
      allowed === LIMIT && refused === 2 * LIMIT,
      `the rate limit counts across instances (${database.engine}, limit ${LIMIT})`,
      `${3 * LIMIT} checks from one client alternating between the instances: ${allowed} allowed, ${refused} answered 429`,
    );

    const session = await login(a.base);
    const refreshes = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        sendFresh(bases[i % 2], "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: session.refresh }) }),
      ),
    );
    const rotatedAt = Date.now();
    // One answer carries the successor; the others (retries within the grace window, decision 103) a new access token only.
    const successors = new Set(refreshes.map((r) => parseJson(r.text)?.data?.refresh_token).filter(Boolean).map(jti));
    const store = await openStore(database.url, { readonly: true, dataDir });
    const rows = Number((await store.get("SELECT count(*) AS n FROM refresh_tokens WHERE revoked_at IS NULL")).n);
    await store.close();
    t.ok(
      refreshes.every((r) => r.status === 200) && successors.size === 1 && !successors.has(jti(session.refresh)) && rows === 2,
      "ten simultaneous refreshes of one token on both instances all succeed and rotate it once (one successor)",
      `HTTP ${refreshes.map((r) => r.status).join(" ")}; ${successors.size} distinct successor; ${rows} live token rows (original + successor)`,
    );

    // After the grace window, the rotated token presented on the other instance is theft: the family ends.
    const successor = refreshes.map((r) => parseJson(r.text)?.data).find((d) => d?.refresh_token);
    await sleep(Math.max(0, rotatedAt + GRACE_MS + 1000 - Date.now()));
    const reuse = await sendFresh(b.base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: session.refresh }) });
    const onA = await sendFresh(a.base, "/api/v1/users/token/refresh/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ refresh_token: successor?.refresh_token }) });
    const accessOnA = await sendFresh(a.base, "/api/v1/codes/list/", { headers: { ...JSON_HEADERS, authorization: `Bearer ${successor?.access_token}` } });
    const accessOnB = await sendFresh(b.base, "/api/v1/codes/list/", { headers: { ...JSON_HEADERS, authorization: `Bearer ${successor?.access_token}` } });
    t.ok(
      reuse.status === 401 && parseJson(reuse.text)?.error === "token_reused" && onA.status === 401 && accessOnA.status === 401 && accessOnB.status === 401,
      "reuse after the grace window on one instance revokes the family on both",
      `reuse on B → ${reuse.status} ${parseJson(reuse.text)?.error}; successor's refresh on A → ${onA.status}; successor's access token on A → ${accessOnA.status}, on B → ${accessOnB.status}`,
    );
    return { engine: database.engine, allowed, refused };
  } finally {
    await a.stop();
    await b.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
