// Crash: kill -9 the server during a stream of contact submissions (and, alongside, verifications of
// fresh codes); after a restart on the same files every submission that was answered with success
// is stored, every code answered "valid" is consumed, and PRAGMA integrity_check says ok.
import { insertCodes, keysFor, openDb, productIds, rmSync, sleep, startServer, tempDir } from "../../bench/lib.mjs";
import { lookupHash } from "../../app/lib/code-seal.mjs";
import { JSON_HEADERS, parseJson, send } from "./harness.mjs";

const STREAM_MS = Number(process.env.HARDENING_CRASH_AFTER_MS ?? 3000);
const WORKERS = 8;

export async function run(t) {
  const dataDir = tempDir("hardening-crash");
  let server = await startServer({ dataDir });
  const products = await productIds(server.base);
  const db = openDb(server.databasePath);
  const codes = insertCodes(db, { count: 20_000, productIds: products, prefix: "CR", returnActive: true });
  db.close();

  const acknowledged = []; // contact ids answered 201
  const consumed = []; // codes answered valid
  const failures = { contact: 0, verify: 0 };
  let stopped = false;
  let n = 0;
  let nextCode = 0;
  const base = server.base;
  const contactWorker = async () => {
    while (!stopped) {
      const i = n++;
      const r = await send(base, "/api/v1/general/contact/create/", {
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
  const verifyWorker = async () => {
    while (!stopped) {
      const code = codes[nextCode++];
      const r = await send(base, "/api/v1/codes/verify/", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ code }) });
      const body = parseJson(r.text);
      if (r.status === 200 && body?.data?.is_valid === true) consumed.push(code);
      else failures.verify++;
      if (r.status === 0) await sleep(20);
    }
  };
  const workers = [
    ...Array.from({ length: WORKERS - 2 }, contactWorker),
    ...Array.from({ length: 2 }, verifyWorker),
  ];
  await sleep(STREAM_MS);
  const atKill = { contacts: acknowledged.length, verifications: consumed.length };
  await server.kill(); // SIGKILL: no shutdown handler runs
  await sleep(300);
  stopped = true;
  await Promise.all(workers);
  t.ok(server.child.signalCode === "SIGKILL", "server killed with SIGKILL mid-stream", `${atKill.contacts} messages and ${atKill.verifications} valid checks acknowledged before the kill; ${failures.contact + failures.verify} requests cut off`);

  server = await startServer({ dataDir });
  try {
    const check = openDb(server.databasePath, { readonly: true });
    const integrity = check.prepare("PRAGMA integrity_check").all().map((r) => r.integrity_check).join(", ");
    const has = check.prepare("SELECT 1 FROM contacts WHERE id = ?");
    const missing = acknowledged.filter((id) => !has.get(id));
    const stored = check.prepare("SELECT count(*) AS n FROM contacts").get().n;
    const codeRow = check.prepare("SELECT status, verified_at FROM codes WHERE code_hash = ?");
    const keys = keysFor(check);
    const scan = check.prepare("SELECT count(*) AS n FROM scans WHERE input = ? AND outcome = 'valid'");
    const notConsumed = consumed.filter((code) => {
      const row = codeRow.get(lookupHash(keys, code));
      return !(row?.status === "expired" && row.verified_at && scan.get(code).n === 1);
    });
    check.close();
    t.ok(acknowledged.length > 0, "the stream was under way when the server died", `${acknowledged.length} messages answered 201`);
    t.ok(missing.length === 0, "every message answered 201 is stored after the restart", `${acknowledged.length} acknowledged, ${missing.length} missing, ${stored} rows stored`);
    t.ok(notConsumed.length === 0, "every code answered valid is consumed (with its scan) after the restart", `${consumed.length} valid answers, ${notConsumed.length} not recorded`);
    t.ok(integrity === "ok", "PRAGMA integrity_check after kill -9", integrity);
    const after = await send(server.base, "/api/v1/general/contact/create/", {
      method: "POST",
      headers: JSON_HEADERS,
      body: JSON.stringify({ name: "After restart", phone_number: "+20 100 000 0001", message: "Still works." }),
    });
    t.ok(after.status === 201, "the restarted server accepts new messages", `HTTP ${after.status}`);
    return { acknowledged: acknowledged.length, storedRows: stored, missing: missing.length, validAnswers: consumed.length, notConsumed: notConsumed.length, integrity };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
