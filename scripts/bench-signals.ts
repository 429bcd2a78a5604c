// `npm run bench:growth` runs this on its largest seeded database (or by hand:
// `tsx scripts/bench-signals.ts --db file:path [--rounds 20] [--batch 30]`): what brand protection
// adds to a shopper's check. Sequential checks through the real verification module (each its own
// transaction and durable commit), in three modes measured in alternating blocks on the same data:
//   none  — the check alone (CheckSignals' hooks made no-ops for this measurement only),
//   daily — plus the daily aggregates (scan data, written in the check's transaction),
//   full  — plus the signals (clone, guessing, market), alerts, their scans and webhook outbox.
// The workload mixes fresh genuine codes, re-checks of used codes by new clients (the clone path,
// which opens alerts and then adds to them) and unknown codes. Prints JSON on the last line.
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    db: { type: "string" },
    rounds: { type: "string", default: "20" },
    batch: { type: "string", default: "30" },
  },
});
if (!values.db?.startsWith("file:")) {
  console.error("Usage: tsx scripts/bench-signals.ts --db file:path [--rounds 20] [--batch 30]");
  process.exit(2);
}
const dbPath = values.db.slice("file:".length);
process.env.DATABASE_URL = values.db;
process.env.DATA_DIR ??= dbPath.slice(0, dbPath.lastIndexOf("/")) || ".";
process.env.VERIFY_RATE_LIMIT = "100000000";
process.env.NODE_ENV = "production";

const { CheckSignals, listenToChecks } = await import("../app/features/alerts/check-signals.server");
const { addToDaily } = await import("../app/features/scans/daily.server");
const { checkCode } = await import("../app/features/check/verify.server");
const { createCode } = await import("../app/features/code-admin/codes.server");
const { generateCode } = await import("../app/platform/codes/code-format");
const { products } = await import("../app/platform/catalog/products");
const { closeDb, getDb, configureDb } = await import("../db/db.server");
const { migrations } = await import("../migrations/index");
const { dbSettings } = await import("../app/platform/database/settings.server");
configureDb(dbSettings(migrations));
// As the server does at start-up (app/runtime.server.ts): brand protection listens to every check.
listenToChecks();

type Mode = "none" | "daily" | "full";
const rounds = Number(values.rounds);
const batch = Number(values.batch);
const full = { flush: CheckSignals.prototype.flush, scan: CheckSignals.prototype.scan };
type Hooked = { scans?: Parameters<typeof full.scan>[0][] };
function use(mode: Mode) {
  if (mode === "full") {
    CheckSignals.prototype.flush = full.flush;
    CheckSignals.prototype.scan = full.scan;
    return;
  }
  CheckSignals.prototype.scan = function (this: Hooked, scan) {
    (this.scans ??= []).push(scan);
  };
  CheckSignals.prototype.flush = async function (this: Hooked, trx) {
    if (mode === "daily") await addToDaily(trx, this.scans ?? []);
  };
}

await getDb();
// Fresh codes to verify, and used codes to re-check.
const fresh: string[] = [];
const need = rounds * batch * 3;
for (let i = 0; fresh.length < need; i++) {
  const code = generateCode(10);
  const made = await createCode({ code, productId: products[i % products.length]!.id });
  if (made.ok) fresh.push(code);
}
const used: string[] = [];
let client = 0;
const check = (code: string) => checkCode({ code, lang: "en", clientHash: `bench-signals-${++client}`, userAgent: "bench", country: client % 2 ? "SA" : "AE" });
for (let i = 0; i < 40; i++) {
  const code = fresh.pop()!;
  await check(code);
  used.push(code);
}

const samples: Record<Mode, number[]> = { none: [], daily: [], full: [] };
let flushMs: number[] = [];
const timedFlush = full.flush;
const order: Mode[][] = [
  ["none", "daily", "full"],
  ["full", "none", "daily"],
  ["daily", "full", "none"],
];
for (let round = 0; round < rounds; round++) {
  for (const mode of order[round % order.length]!) {
    use(mode);
    if (mode === "full") {
      CheckSignals.prototype.flush = async function (trx, now) {
        const t0 = performance.now();
        await timedFlush.call(this, trx, now);
        flushMs.push(performance.now() - t0);
      };
    }
    for (let i = 0; i < batch; i++) {
      const kind = i % 5;
      const input = kind < 2 ? fresh.pop()! : kind < 4 ? used[(round * batch + i) % used.length]! : `NOPE${round}X${i}${mode}`;
      const t0 = performance.now();
      const answer = await check(input);
      samples[mode].push(performance.now() - t0);
      if (!answer.ok) throw new Error(`check refused: ${answer.error}`);
      if (kind < 2) used.push(input);
    }
  }
}
use("full");

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length / 2)]! * 100) / 100;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.floor(s.length * 0.95)]! * 100) / 100;
};
const db = await getDb();
const alerts = await db.selectFrom("alerts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
const result = {
  checksPerMode: samples.full.length,
  medianMs: { none: median(samples.none), daily: median(samples.daily), full: median(samples.full) },
  p95Ms: { none: p95(samples.none), daily: p95(samples.daily), full: p95(samples.full) },
  addedMedianMs: { daily: Math.round((median(samples.daily) - median(samples.none)) * 100) / 100, signals: Math.round((median(samples.full) - median(samples.daily)) * 100) / 100 },
  flushMedianMs: median(flushMs),
  flushP95Ms: p95(flushMs),
  alerts: Number(alerts.n),
};
flushMs = [];
await closeDb();
console.log(JSON.stringify(result));
