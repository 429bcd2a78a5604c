import type { Kysely, Transaction } from "kysely";
import type { AlertKind, Database, Scan } from "@db/schema";
import { env } from "~/platform/lib/env.server";
import { wrongPins } from "~/features/check/scan-writer.server";

/**
 * The brand's signals, read from the scan log (decision 091). Each takes the scans one check
 * transaction recorded and says which alerts to open or update; nothing here writes (see
 * `applyIntents` in alert-store.server.ts, which writes them in one fixed order at the end of the
 * transaction).
 *
 * - Suspected clone: a used code checked again by at least CLONE_DISTINCT_CLIENTS clients other than
 *   the one that first verified it, or from a second country, or CLONE_CHECKS_24H times in 24 hours.
 * - Guessing: more than UNKNOWN_SPIKE_PER_HOUR unknown-code checks in the last hour, site-wide; or one
 *   client refused by the verification limit in GUESSING_LIMIT_HITS different windows within 24 hours.
 * - Out of market: a check of a code whose batch has a market, from another country.
 * - Guessing a pack's PIN: wrong PINs on one serial from PIN_GUESS_CLIENTS or more clients within 24
 *   hours (issue 27); one alert per serial while it is open.
 *
 * A two-part pack is a code: a view of its public page (scan kind `view`) after its PIN was redeemed
 * is recorded `used`, so views count towards a clone as re-checks of a used code do; views of a
 * sealed pack (`valid`, before anyone bought it) are neither its first verification nor evidence.
 *
 * An NFC tag is a code too, tapped many times (issue 41): its clone signal is its own
 * (`tapCloneIntents`): a replayed link (a counter already seen: a copy of a real tap's URL) is a
 * suspected clone at once, and so are taps of one tag from two countries within CLONE_WINDOW_MS.
 *
 * Once an alert is open for its subject, a further check only adds its scan to it (no history is
 * re-read). A closed alert's history is not held against the code again: a new alert considers the
 * checks since it was closed (and the first verification).
 */

export type Thresholds = {
  cloneDistinctClients: number;
  cloneChecks24h: number;
  unknownSpikePerHour: number;
  guessingLimitHits: number;
  pinGuessClients: number;
};

/** Distinct clients with wrong PINs on one serial (24 hours) that raise a guessing alert (issue 27). */
export const PIN_GUESS_CLIENTS = 3;

export function thresholds(): Thresholds {
  const e = env();
  return {
    cloneDistinctClients: e.CLONE_DISTINCT_CLIENTS,
    cloneChecks24h: e.CLONE_CHECKS_24H,
    unknownSpikePerHour: e.UNKNOWN_SPIKE_PER_HOUR,
    guessingLimitHits: e.GUESSING_LIMIT_HITS,
    pinGuessClients: PIN_GUESS_CLIENTS,
  };
}

export type CloneReason = "clients" | "countries" | "checks_24h" | "replayed" | "tap_countries";

/** What an alert records about why it was raised (stored as JSON in `alerts.detail`). */
export type AlertDetail =
  | { kind: "clone"; reasons: CloneReason[]; other_clients: number; countries: string[]; checks_24h: number; first_verified_at: string | null }
  | { kind: "guessing"; reason: "spike"; unknown_last_hour: number; threshold: number }
  | { kind: "guessing"; reason: "client"; limit_hits_24h: number; threshold: number; client: string }
  | { kind: "guessing"; reason: "pack"; serial: string; clients_24h: number; threshold: number }
  | { kind: "market"; market: string; countries: string[] };

/** "Open an alert for this subject (if `create` allows) or add these scans to the open one." */
export type AlertIntent = {
  subject: string;
  /** The open alert the evaluation found, when there was one. */
  openId?: string | null;
  kind: AlertKind;
  /** Raise a new alert when none is open; false: only add to an open one. */
  create: boolean;
  codeId: string | null;
  code: string | null;
  productId: string | null;
  batchId: string | null;
  detail: AlertDetail | null;
  /** Scans the alert lists (added once each). */
  scanIds: string[];
};

/** A client refused by the verification limit: the window's end identifies the episode. */
export type LimitHit = { clientHash: string; windowEnd: string };

type Reader = Kysely<Database> | Transaction<Database>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Taps of one NFC tag from two countries within this long make it a suspected clone (the clone signal's 24 hours). */
export const CLONE_WINDOW_MS = DAY;
/** At most this many earlier scans are listed when an alert opens (later ones are all added). */
export const BACKFILL_LIMIT = 500;

const iso = (ms: number) => new Date(ms).toISOString();

async function openAlertId(db: Reader, subject: string): Promise<string | null> {
  const row = await db.selectFrom("alerts").select("id").where("subject", "=", subject).where("status", "<>", "closed").executeTakeFirst();
  return row?.id ?? null;
}

/** When the subject's last alert was closed: a new alert only weighs what happened since. */
async function lastClosedAt(db: Reader, subject: string): Promise<string | null> {
  const row = await db
    .selectFrom("alerts")
    .select("closed_at")
    .where("subject", "=", subject)
    .where("closed_at", "is not", null)
    .orderBy("closed_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.closed_at ?? null;
}

export const cloneSubject = (codeId: string) => `clone:${codeId}`;
export const marketSubject = (codeId: string) => `market:${codeId}`;
export const SPIKE_SUBJECT = "guessing:spike";
export const clientSubject = (clientHash: string) => `guessing:client:${clientHash}`;
export const packSubject = (serial: string) => `guessing:pack:${serial}`;

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Suspected clones among the used codes these scans checked. */
export async function cloneIntents(db: Reader, scans: readonly Scan[], now: Date, limits: Thresholds): Promise<AlertIntent[]> {
  const used = groupBy(
    scans.filter((s) => s.outcome === "used" && Number(s.tap) === 0),
    (s) => s.code_id,
  );
  const intents: AlertIntent[] = [];
  for (const [codeId, checks] of used) {
    const subject = cloneSubject(codeId);
    const latest = checks[checks.length - 1]!;
    const base = { subject, kind: "clone" as const, codeId, code: latest.input, productId: latest.product_id, batchId: latest.batch_id };
    const openId = await openAlertId(db, subject);
    if (openId) {
      intents.push({ ...base, openId, create: false, detail: null, scanIds: checks.map((s) => s.id) });
      continue;
    }
    const detail = await cloneEvidence(db, codeId, now, limits, await lastClosedAt(db, subject));
    if (!detail) continue;
    const listed = await db
      .selectFrom("scans")
      .select("id")
      .where("code_id", "=", codeId)
      .where((eb) => eb.or([eb("created_at", ">=", detail.since), eb.and([eb("outcome", "=", "valid"), eb("kind", "=", "check")])]))
      .where((eb) => eb.or([eb("outcome", "<>", "valid"), eb("kind", "=", "check")]))
      .orderBy("created_at", "desc")
      .limit(BACKFILL_LIMIT)
      .execute();
    intents.push({ ...base, create: true, detail: detail.detail, scanIds: listed.map((r) => r.id).reverse() });
  }
  return intents;
}

/**
 * Why a used code looks cloned, or null. Each measure stops reading once its threshold is reached,
 * so a code checked thousands of times costs no more than one checked a handful.
 */
export async function cloneEvidence(
  db: Reader,
  codeId: string,
  now: Date,
  limits: Thresholds,
  closedAt: string | null,
): Promise<{ detail: Extract<AlertDetail, { kind: "clone" }>; since: string } | null> {
  const since = closedAt ?? "";
  const first = await db
    .selectFrom("scans")
    .select(["id", "client_hash", "country", "created_at"])
    .where("code_id", "=", codeId)
    .where("outcome", "=", "valid")
    .where("kind", "=", "check")
    .orderBy("created_at")
    .limit(1)
    .executeTakeFirst();
  const rechecks = db.selectFrom("scans").where("code_id", "=", codeId).where("outcome", "<>", "valid").where("created_at", ">=", since);

  const others = await rechecks
    .select("client_hash")
    .distinct()
    .$if(Boolean(first), (qb) => qb.where("client_hash", "<>", first!.client_hash))
    .limit(limits.cloneDistinctClients)
    .execute();
  const countryRows = await db
    .selectFrom("scans")
    .select("country")
    .distinct()
    .where("code_id", "=", codeId)
    .where("country", "is not", null)
    // Not a sealed pack's views: where a pack was looked at before it was bought says nothing of a clone.
    .where((eb) => eb.or([eb("outcome", "<>", "valid"), eb("kind", "=", "check")]))
    .where((eb) => eb.or([eb("created_at", ">=", since), ...(first ? [eb("id", "=", first.id)] : [])]))
    .limit(2)
    .execute();
  const recent = await rechecks
    .select("id")
    .where("created_at", ">", iso(now.getTime() - DAY))
    .limit(limits.cloneChecks24h)
    .execute();

  const countries = countryRows.map((r) => r.country!).sort();
  const reasons: CloneReason[] = [];
  if (others.length >= limits.cloneDistinctClients) reasons.push("clients");
  if (countries.length >= 2) reasons.push("countries");
  if (recent.length >= limits.cloneChecks24h) reasons.push("checks_24h");
  if (reasons.length === 0) return null;
  return {
    since,
    detail: {
      kind: "clone",
      reasons,
      other_clients: others.length,
      countries,
      checks_24h: recent.length,
      first_verified_at: first?.created_at ?? null,
    },
  };
}

/**
 * Out of market: a genuine or used check of a print run's code from a country other than the run's
 * market (a run without a market, or a check without a country, says nothing). One alert per code;
 * later out-of-market checks of it are added to the open one.
 */
export async function marketIntents(db: Reader, scans: readonly Scan[]): Promise<AlertIntent[]> {
  const placed = scans.filter((s) => s.batch_id && s.code_id && s.country && (s.outcome === "valid" || s.outcome === "used"));
  if (placed.length === 0) return [];
  const runs = await db
    .selectFrom("batches")
    .select(["id", "market"])
    .where("id", "in", [...new Set(placed.map((s) => s.batch_id!))])
    .where("market", "is not", null)
    .execute();
  const markets = new Map(runs.map((r) => [r.id, r.market!.toUpperCase()]));
  const outside = placed.filter((s) => markets.has(s.batch_id!) && s.country!.toUpperCase() !== markets.get(s.batch_id!));
  const intents: AlertIntent[] = [];
  for (const [codeId, checks] of groupBy(outside, (s) => s.code_id)) {
    const subject = marketSubject(codeId);
    const latest = checks[checks.length - 1]!;
    const base = { subject, kind: "market" as const, codeId, code: latest.input, productId: latest.product_id, batchId: latest.batch_id };
    const scanIds = checks.map((s) => s.id);
    const openId = await openAlertId(db, subject);
    if (openId) {
      intents.push({ ...base, openId, create: false, detail: null, scanIds });
      continue;
    }
    const countries = [...new Set(checks.map((s) => s.country!.toUpperCase()))].sort();
    intents.push({ ...base, create: true, detail: { kind: "market", market: markets.get(latest.batch_id!)!, countries }, scanIds });
  }
  return intents;
}

/** More than UNKNOWN_SPIKE_PER_HOUR unknown codes checked in the last hour, site-wide. */
export async function spikeIntents(db: Reader, scans: readonly Scan[], now: Date, limits: Thresholds): Promise<AlertIntent[]> {
  const unknown = scans.filter((s) => s.outcome === "unknown");
  if (unknown.length === 0) return [];
  const hourAgo = iso(now.getTime() - HOUR);
  const lastHour = db.selectFrom("scans").where("outcome", "=", "unknown").where("created_at", ">", hourAgo);
  // Reads at most threshold + 1 index entries: enough to know "more than".
  const counted = await lastHour.select("id").limit(limits.unknownSpikePerHour + 1).execute();
  if (counted.length <= limits.unknownSpikePerHour) return [];
  const base = { subject: SPIKE_SUBJECT, kind: "guessing" as const, codeId: null, code: null, productId: null, batchId: null };
  const detail: AlertDetail = { kind: "guessing", reason: "spike", unknown_last_hour: counted.length, threshold: limits.unknownSpikePerHour };
  const openId = await openAlertId(db, SPIKE_SUBJECT);
  if (openId) return [{ ...base, openId, create: false, detail: null, scanIds: unknown.map((s) => s.id) }];
  const listed = await lastHour.select("id").orderBy("created_at", "desc").limit(BACKFILL_LIMIT).execute();
  return [{ ...base, create: true, detail, scanIds: listed.map((r) => r.id).reverse() }];
}

/**
 * Clients refused by the verification limit in GUESSING_LIMIT_HITS different windows within 24 hours
 * (their hits of this transaction already recorded). Lists the client's scans of the last 24 hours.
 */
export async function clientIntents(db: Reader, hits: readonly LimitHit[], now: Date, limits: Thresholds): Promise<AlertIntent[]> {
  const intents: AlertIntent[] = [];
  const dayAgo = iso(now.getTime() - DAY);
  for (const clientHash of [...new Set(hits.map((h) => h.clientHash))].sort()) {
    const windows = await db
      .selectFrom("verify_limit_hits")
      .select("window_end")
      .where("client_hash", "=", clientHash)
      .where("created_at", ">", dayAgo)
      .limit(limits.guessingLimitHits)
      .execute();
    if (windows.length < limits.guessingLimitHits) continue;
    const subject = clientSubject(clientHash);
    const open = await openAlertId(db, subject);
    const listed = await db
      .selectFrom("scans")
      .select("id")
      .where("client_hash", "=", clientHash)
      .where("created_at", ">", dayAgo)
      .orderBy("created_at", "desc")
      .limit(BACKFILL_LIMIT)
      .execute();
    intents.push({
      subject,
      openId: open,
      kind: "guessing",
      create: !open,
      codeId: null,
      code: null,
      productId: null,
      batchId: null,
      detail: open ? null : { kind: "guessing", reason: "client", limit_hits_24h: windows.length, threshold: limits.guessingLimitHits, client: clientHash.slice(0, 12) },
      scanIds: listed.map((r) => r.id).reverse(),
    });
  }
  return intents;
}

/**
 * Wrong PINs on one pack serial from PIN_GUESS_CLIENTS or more clients within 24 hours (their wrong
 * PINs of this transaction already recorded): a `guessing` alert naming the serial, one per serial
 * while open, listing those wrong PINs. Distinct clients are read from `scans_pack_idx`, at most the
 * threshold of them. (An unknown serial is named too: wrong PINs on it from many clients point to
 * labels printed with a made-up serial.)
 */
export async function packGuessIntents(db: Reader, scans: readonly Scan[], now: Date, limits: Thresholds): Promise<AlertIntent[]> {
  const wrong = groupBy(
    scans.filter((s) => s.kind === "check" && Number(s.tap) === 0 && s.outcome === "unknown" && s.pack_serial !== null),
    (s) => s.pack_serial,
  );
  const intents: AlertIntent[] = [];
  const dayAgo = iso(now.getTime() - DAY);
  for (const [serial, attempts] of [...wrong.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const subject = packSubject(serial);
    const pack = await db.selectFrom("codes").select(["id", "product_id", "batch_id"]).where("pack_serial", "=", serial).executeTakeFirst();
    const base = { subject, kind: "guessing" as const, codeId: pack?.id ?? null, code: serial, productId: pack?.product_id ?? null, batchId: pack?.batch_id ?? null };
    const openId = await openAlertId(db, subject);
    if (openId) {
      intents.push({ ...base, openId, create: false, detail: null, scanIds: attempts.map((s) => s.id) });
      continue;
    }
    const clients = await wrongPins(db, serial, dayAgo).select("client_hash").distinct().limit(limits.pinGuessClients).execute();
    if (clients.length < limits.pinGuessClients) continue;
    const listed = await wrongPins(db, serial, dayAgo).select("id").orderBy("created_at", "desc").limit(BACKFILL_LIMIT).execute();
    intents.push({
      ...base,
      create: true,
      detail: { kind: "guessing", reason: "pack", serial, clients_24h: clients.length, threshold: limits.pinGuessClients },
      scanIds: listed.map((r) => r.id).reverse(),
    });
  }
  return intents;
}

/** Every signal for the scans and limit hits of one check transaction. */
export async function signalIntents(db: Reader, scans: readonly Scan[], hits: readonly LimitHit[], now: Date, limits = thresholds()): Promise<AlertIntent[]> {
  return [
    ...(await cloneIntents(db, scans, now, limits)),
    ...(await marketIntents(db, scans)),
    ...(await spikeIntents(db, scans, now, limits)),
    ...(await clientIntents(db, hits, now, limits)),
    ...(await packGuessIntents(db, scans, now, limits)),
    ...(await tapCloneIntents(db, scans, now)),
  ];
}

/**
 * Suspected clones among the NFC tags these taps named (decision 197): a replayed link (a tap shown
 * `replayed`: its counter was seen before, so its URL was copied from a real tap), or genuine and
 * replayed taps of the tag from two countries within CLONE_WINDOW_MS (its first genuine tap counts
 * wherever it was). One alert per tag (`clone:<code id>`) while open; later replays and the taps of
 * a tag seen in two countries are added to it.
 */
export async function tapCloneIntents(db: Reader, scans: readonly Scan[], now: Date): Promise<AlertIntent[]> {
  const taps = groupBy(
    scans.filter((s) => Number(s.tap) === 1 && (s.outcome === "valid" || s.outcome === "used")),
    (s) => s.code_id,
  );
  const intents: AlertIntent[] = [];
  for (const [codeId, tapped] of [...taps.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    // Most taps are one genuine tap in one country: nothing to weigh unless the link was replayed or
    // the tag was tapped elsewhere within the window (one indexed read; none for a tap of no country).
    if (!tapped.some((s) => s.outcome === "used") && !(await tappedElsewhere(db, codeId, tapped, now))) continue;
    const subject = cloneSubject(codeId);
    const since = iso(Math.max(now.getTime() - CLONE_WINDOW_MS, Date.parse((await lastClosedAt(db, subject)) ?? "") || 0));
    const recent = db.selectFrom("scans").where("code_id", "=", codeId).where("tap", "=", 1).where("outcome", "in", ["valid", "used"]).where("created_at", ">=", since);
    const countries = (await recent.select("country").distinct().where("country", "is not", null).orderBy("country").limit(2).execute()).map((r) => r.country!);
    const replays = tapped.filter((s) => s.outcome === "used");
    const reasons: CloneReason[] = [...(replays.length > 0 ? (["replayed"] as const) : []), ...(countries.length >= 2 ? (["tap_countries"] as const) : [])];
    if (reasons.length === 0) continue;
    const latest = tapped[tapped.length - 1]!;
    const base = { subject, kind: "clone" as const, codeId, code: latest.input, productId: latest.product_id, batchId: latest.batch_id };
    const openId = await openAlertId(db, subject);
    const evidence = countries.length >= 2 ? tapped : replays;
    if (openId) {
      intents.push({ ...base, openId, create: false, detail: null, scanIds: evidence.map((s) => s.id) });
      continue;
    }
    const listed = await recent.select("id").orderBy("created_at", "desc").limit(BACKFILL_LIMIT).execute();
    const scanIds = [...new Set([...listed.map((r) => r.id).reverse(), ...replays.map((s) => s.id)])];
    intents.push({
      ...base,
      create: true,
      detail: { kind: "clone", reasons, other_clients: new Set(replays.map((s) => s.client_hash)).size, countries, checks_24h: listed.length, first_verified_at: latest.verified_at },
      scanIds,
    });
  }
  return intents;
}

/**
 * Whether these taps of a tag name a country and the tag's taps of the last CLONE_WINDOW_MS name
 * another: what two countries within the window need (a tap of no country adds none).
 */
async function tappedElsewhere(db: Reader, codeId: string, tapped: readonly Scan[], now: Date): Promise<boolean> {
  const here = [...new Set(tapped.map((s) => s.country).filter((c): c is string => c !== null))];
  if (here.length !== 1) return here.length > 1;
  const other = await db
    .selectFrom("scans")
    .select("id")
    .where("code_id", "=", codeId)
    .where("created_at", ">=", iso(now.getTime() - CLONE_WINDOW_MS))
    .where("tap", "=", 1)
    .where("outcome", "in", ["valid", "used"])
    .where("country", "is not", null)
    .where("country", "<>", here[0]!)
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}
