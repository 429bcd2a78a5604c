// Double spend: two server processes share one database file; 200 simultaneous verifications of one
// code, split across both, must produce exactly one "valid". Repeated for several codes.
import { insertCodes, keysFor, openDb, productIds, rmSync, startServer, tempDir } from "../../bench/lib.mjs";
import { lookupHash } from "../../app/lib/code-seal.mjs";
import { JSON_HEADERS, parseJson, send } from "./harness.mjs";

const CODES = Number(process.env.HARDENING_DOUBLE_SPEND_CODES ?? 5);
const ATTEMPTS = 200;

export async function run(t) {
  const dataDir = tempDir("hardening-spend");
  const a = await startServer({ dataDir });
  // The second process opens the same database file and the same secret (same data folder).
  const b = await startServer({ dataDir });
  const figures = { codes: CODES, attemptsPerCode: ATTEMPTS, rounds: [] };
  try {
    const products = await productIds(a.base);
    const db = openDb(a.databasePath);
    const codes = insertCodes(db, { count: CODES, productIds: products, prefix: "DS", returnActive: true });
    db.close();
    for (const code of codes) {
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: ATTEMPTS }, (_, i) =>
          send(i % 2 === 0 ? a.base : b.base, "/api/v1/codes/verify/", {
            method: "POST",
            headers: JSON_HEADERS,
            // Spelled differently on purpose: normalisation must not open a second way in.
            body: JSON.stringify({ code: i % 3 === 0 ? code.toLowerCase() : i % 3 === 1 ? `${code.slice(0, 5)}-${code.slice(5)}` : code }),
          }),
        ),
      );
      const ms = Math.round(performance.now() - started);
      const bodies = answers.map((r) => parseJson(r.text));
      const valid = bodies.filter((body) => body?.data?.is_valid === true);

      const statuses = {};
      for (const r of answers) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      const check = openDb(a.databasePath, { readonly: true });
      const row = check.prepare("SELECT status, verified_at FROM codes WHERE code_hash = ?").get(lookupHash(keysFor(check), code));
      const scans = check.prepare("SELECT outcome, count(*) AS n FROM scans WHERE input = ? GROUP BY outcome").all(code);
      check.close();
      const scanCounts = Object.fromEntries(scans.map((s) => [s.outcome, s.n]));
      figures.rounds.push({ code, valid: valid.length, statuses, scans: scanCounts, ms });
      t.ok(
        valid.length === 1 && statuses[200] === ATTEMPTS && row.status === "expired" && row.verified_at && scanCounts.valid === 1 && scanCounts.used === ATTEMPTS - 1,
        `code ${code}: exactly one of ${ATTEMPTS} simultaneous checks on 2 processes is valid`,
        `${valid.length} valid, ${ATTEMPTS - valid.length} used; HTTP ${JSON.stringify(statuses)}; scans ${JSON.stringify(scanCounts)}; ${ms} ms`,
      );

    }
    t.ok(a.child.exitCode === null && b.child.exitCode === null, "both server processes still running", `pids ${a.pid}, ${b.pid}`);
  } finally {
    await a.stop();
    await b.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}
