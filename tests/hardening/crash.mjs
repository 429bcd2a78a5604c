// Crash: two server instances on one database (a SQLite file, or a PostgreSQL database under
// `npm run test:postgres`), each a cluster of two workers, take a stream of contact submissions and
// verifications of fresh codes; then every process of both is killed at once (SIGKILL to each
// process group: no shutdown handler runs). After a restart on the same database, every submission
// answered with success is stored, every code answered "valid" is consumed with its scan, the
// trigger-kept counts equal the table, and (SQLite) PRAGMA integrity_check says ok.
import { productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { checkDatabase, openStore } from "../../bench/store.mjs";
import { JSON_HEADERS, parseJson, send } from "./harness.mjs";

const STREAM_MS = Number(process.env.HARDENING_CRASH_AFTER_MS ?? 3000);
const WORKERS = 8;

export async function run(t) {
  const dataDir = tempDir("hardening-crash");
  const database = await checkDatabase(dataDir, "crash");
  const env = { WEB_CONCURRENCY: "2" };
  let a = await startServer({ dataDir, databaseUrl: database.url, env });
  const b = await startServer({ dataDir, databaseUrl: database.url, env });
  const codes = await seedCodes(a.base, database, dataDir);
  const { acknowledged, consumed } = await streamThenKill(t, { a, b, codes, database });

  a = await startServer({ dataDir, databaseUrl: database.url, env });
  const check = await openStore(database.url, { dataDir });
  try {
    return await checkAfterRestart(t, { a, check, database, acknowledged, consumed });
  } finally {
    await check.close();
    await a.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 20,000 fresh codes to verify during the stream. */
async function seedCodes(base, database, dataDir) {
  const products = await productIds(base);
  const seed = await openStore(database.url, { dataDir });
  const codes = await seed.insertCodes({ count: 20_000, productIds: products, prefix: "CR", returnActive: true });
  await seed.close();
  return codes;
}

/** A stream of contact messages and verifications to both instances, then SIGKILL to every process of both. */
async function streamThenKill(t, { a, b, codes, database }) {
  const acknowledged = []; // contact ids answered 201
  const consumed = []; // codes answered valid
  const failures = { contact: 0, verify: 0 };
  let stopped = false;
  let n = 0;
  let nextCode = 0;
  const bases = [a.base, b.base];
  const contactWorker = async (w) => {
    while (!stopped) {
      const i = n++;
      const r = await send(bases[w % 2], "/api/v1/general/contact/create/", {
        method: "POST",
        headers: JSON_HEADERS,
        body: JSON.stringify({ name: `Crash test ${i}`, phone_number: "+20 100 000 0000", message: `Message ${i} sent while the server may die.` }),
      });
      const body = parseJson(r.text);
      if (r.status === 201 && body?.data?.id) acknowledged.push(body.data.id);
      else failures.contact++;
      if (r.status === 0) await sleep(20);
    }
  };
  const verifyWorker = async (w) => {
    while (!stopped) {
      const code = codes[nextCode++];
      const r = await send(bases[w % 2], "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code }) });
      const body = parseJson(r.text);
      if (r.status === 200 && body?.data?.is_valid === true) consumed.push(code);
      else failures.verify++;
      if (r.status === 0) await sleep(20);
    }
  };
  const workers = [...Array.from({ length: WORKERS - 2 }, (_, w) => contactWorker(w)), ...Array.from({ length: 2 }, (_, w) => verifyWorker(w))];
  await sleep(STREAM_MS);
  const atKill = { contacts: acknowledged.length, verifications: consumed.length };
  await Promise.all([a.kill(), b.kill()]); // SIGKILL to every process of both instances
  await sleep(300);
  stopped = true;
  await Promise.all(workers);
  t.ok(
    a.child.signalCode === "SIGKILL" && b.child.signalCode === "SIGKILL" && a.workers().length === 0 && b.workers().length === 0,
    `both instances (primary and workers) killed with SIGKILL mid-stream (${database.engine})`,
    `${atKill.contacts} messages and ${atKill.verifications} valid checks acknowledged before the kill; ${failures.contact + failures.verify} requests cut off`,
  );
  return { acknowledged, consumed };
}

/** After the restart: what was acknowledged is stored, counts match, the database is sound, the server serves. */
async function checkAfterRestart(t, { a, check, database, acknowledged, consumed }) {
  const integrity =
    check.engine === "sqlite"
      ? (await check.all("PRAGMA integrity_check")).map((r) => r.integrity_check).join(", ")
      : "n/a (PostgreSQL: the app was killed, not the database)";
  let missing = 0;
  for (const id of acknowledged) if (!(await check.get("SELECT 1 AS one FROM contacts WHERE id = ?", [id]))) missing++;
  const stored = Number((await check.get("SELECT count(*) AS n FROM contacts")).n);
  let notConsumed = 0;
  for (const code of consumed) {
    const row = await check.codeRow(code);
    const scans = Number((await check.get("SELECT count(*) AS n FROM scans WHERE input = ? AND outcome = 'valid'", [code])).n);
    if (!(row?.status === "expired" && row.verified_at && scans === 1)) notConsumed++;
  }
  const counts = Object.fromEntries((await check.all("SELECT status, n FROM code_counts")).map((r) => [r.status, Number(r.n)]));
  const real = Object.fromEntries((await check.all("SELECT status, count(*) AS n FROM codes GROUP BY status")).map((r) => [r.status, Number(r.n)]));
  t.ok(acknowledged.length > 0, "the stream was under way when the servers died", `${acknowledged.length} messages answered 201`);
  t.ok(missing === 0, "every message answered 201 is stored after the restart", `${acknowledged.length} acknowledged, ${missing} missing, ${stored} rows stored`);
  t.ok(notConsumed === 0, "every code answered valid is consumed (with its scan) after the restart", `${consumed.length} valid answers, ${notConsumed} not recorded`);
  t.ok(
    (counts.active ?? 0) === (real.active ?? 0) && (counts.expired ?? 0) === (real.expired ?? 0),
    "the trigger-kept counts equal the codes table after the crash",
    `code_counts ${JSON.stringify(counts)}; codes ${JSON.stringify(real)}`,
  );
  if (check.engine === "sqlite") t.ok(integrity === "ok", "PRAGMA integrity_check after kill -9", integrity);
  const after = await send(a.base, "/api/v1/general/contact/create/", {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ name: "After restart", phone_number: "+20 100 000 0001", message: "Still works." }),
  });
  t.ok(after.status === 201, "the restarted server accepts new messages", `HTTP ${after.status}`);
  return { engine: database.engine, acknowledged: acknowledged.length, storedRows: stored, missing, validAnswers: consumed.length, notConsumed, integrity };
}
