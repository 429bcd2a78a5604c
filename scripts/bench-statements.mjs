// `node scripts/bench-statements.mjs` (issue 43): how many statements the shopper's check, the PIN's
// redemption and an NFC tap send to PostgreSQL per answer, by kind, one at a time and at 50
// connections (where group commit puts several in one transaction). One server (BENCH_STMT_WORKERS,
// 1) on a fresh database on BENCH_DATABASE_URL's server (e.g. the URL `node scripts/pg-cluster.mjs`
// prints), its `pg` counted by bench/count-pg.mjs (`node --import`); BENCH_STMT_ANSWERS (2,000)
// answers per line. Counts, not timings: the machine's load does not move them (batch sizes aside).
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { cannon, ensureBuild, makePacks, productIds, rmSync, root, sleep, startServer, tempDir } from "../bench/lib.mjs";
import { freshPostgresDatabase, openStore } from "../bench/store.mjs";
import { makeTags, tapSequence } from "../bench/tags.mjs";

const SERVER = process.env.BENCH_DATABASE_URL;
if (!SERVER) {
  console.error("bench-statements: set BENCH_DATABASE_URL to a PostgreSQL server where its user may create databases");
  process.exit(2);
}
const ANSWERS = Number(process.env.BENCH_STMT_ANSWERS ?? 2000);
const WORKERS = process.env.BENCH_STMT_WORKERS ?? "1";
const JSON_HEADERS = { "content-type": "application/json", accept: "application/json" };

await ensureBuild();
const countDir = mkdtempSync(join(tmpdir(), "pg-count-"));
const dataDir = tempDir("stmts");
const database = await freshPostgresDatabase(SERVER, "stmts");
const server = await startServer({
  dataDir,
  databaseUrl: database.url,
  env: { WEB_CONCURRENCY: WORKERS, PG_COUNT_DIR: countDir },
  nodeArgs: ["--import", join(root, "bench/count-pg.mjs")],
});

/** Every process's counts so far, summed. */
function counts() {
  const total = {};
  for (const file of readdirSync(countDir)) {
    for (const [kind, n] of Object.entries(JSON.parse(readFileSync(join(countDir, file), "utf8") || "{}"))) total[kind] = (total[kind] ?? 0) + n;
  }
  return total;
}

try {
  const products = await productIds(server.base);
  const store = await openStore(server.databaseUrl, { dataDir });
  const codes = await store.insertCodes({ count: ANSWERS * 2 + 100, productIds: products, prefix: "ST", returnActive: true });
  await store.close();
  const packs = await makePacks(server.base, products[0], { quantity: ANSWERS * 2 + 100, lot: "STMT-PACKS" });
  const tags = await makeTags(server.base, products[0], { quantity: 500, lot: "STMT-TAGS" });
  const taps = tapSequence(tags);
  let nextCode = 0;
  let nextPack = 0;
  const targets = [
    { name: "verify API", method: "POST", path: "/api/v1/codes/verify/", setupRequest: (req) => ({ ...req, body: JSON.stringify({ code: codes[nextCode++] }) }) },
    {
      name: "redeem API",
      method: "POST",
      path: "/api/v1/packs/-/redeem/",
      setupRequest: (req) => {
        const pack = packs[nextPack++];
        return { ...req, path: `/api/v1/packs/${pack.serial}/redeem/`, body: JSON.stringify({ pin: pack.pin }) };
      },
    },
    { name: "tap API", method: "POST", path: "/api/v1/nfc/verify/", setupRequest: (req) => ({ ...req, body: JSON.stringify({ gtin: tags.gtin, lot: tags.lot, ...taps.next() }) }) },
  ];
  const rows = [];
  for (const target of targets) {
    for (const connections of [1, 50]) {
      await sleep(500);
      const before = counts();
      const result = await cannon({ url: server.base, connections, amount: ANSWERS, requests: [{ method: target.method, path: target.path, headers: JSON_HEADERS, setupRequest: target.setupRequest }] });
      await sleep(500);
      const after = counts();
      const answers = result["2xx"];
      const per = {};
      for (const kind of new Set([...Object.keys(before), ...Object.keys(after)])) {
        const n = (after[kind] ?? 0) - (before[kind] ?? 0);
        if (n > 0) per[kind] = n / answers;
      }
      const total = Object.values(per).reduce((a, b) => a + b, 0);
      rows.push({ target: target.name, connections, answers, errors: result.non2xx + result.errors, total, per });
      console.log(`\n${target.name}, ${connections} connection${connections > 1 ? "s" : ""}: ${answers} answers (${result.non2xx + result.errors} not 2xx), ${total.toFixed(2)} statements an answer, ${per.BEGIN ? (1 / per.BEGIN).toFixed(1) : "-"} answers a transaction`);
      for (const [kind, n] of Object.entries(per).sort((a, b) => b[1] - a[1])) console.log(`  ${kind.padEnd(34)}${n.toFixed(3).padStart(8)}`);
    }
  }
} finally {
  await server.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(countDir, { recursive: true, force: true });
}
