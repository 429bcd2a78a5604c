import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import type { Scan, ScanOutcome } from "@db/schema";
import type { AdminIdentity } from "~/platform/access/identity";
import { addToDaily } from "~/features/scans/daily.server";
import { generateCode } from "~/platform/codes/code-format";
import { normalizeInput } from "~/platform/codes/code-format";
import { checkCode, type Verification } from "~/features/check/verify.server";
import { newScanId } from "~/features/check/scan-writer.server";
import { sealed } from "./codes";

/** Helpers for the tests of what follows a check (scans, alerts, reports): codes, checks from chosen clients and countries, crafted history. */

export const PRODUCT = "prod-test";

/** A fresh active code in the database; returns its text and id. */
export async function activeCode(productId = PRODUCT): Promise<{ id: string; code: string }> {
  const db = await getDb();
  const code = generateCode(10);
  const id = randomUUID();
  await db.insertInto("codes").values({ id, ...sealed(code), product_id: productId, status: "active", created_at: new Date().toISOString(), expired_at: null, verified_at: null }).execute();
  return { id, code };
}

/** A real check through the verification module, from a client (keyed hash) in a country. */
export async function checkFrom(input: string, clientHash: string, country: string | null = null): Promise<Verification> {
  const answer = await checkCode({ code: normalizeInput(input), lang: "en", clientHash, userAgent: "vitest", country });
  if (!answer.ok) throw new Error(`check refused: ${answer.error}`);
  return answer.value;
}

/** A scan written straight into the log at a chosen time (a history that happened before the test). */
export async function pastScan(fields: Partial<Scan> & { outcome: ScanOutcome; created_at: string }): Promise<Scan> {
  const db = await getDb();
  const scan: Scan = {
    id: newScanId(),
    input: "PAST",
    code_id: null,
    lang: "en",
    client_hash: `past-${randomUUID()}`,
    user_agent: "vitest",
    product_id: null,
    verified_at: null,
    country: null,
    batch_id: null,
    kind: "check",
    pack_serial: null,
    recalled: 0,
    wrong_pin: 0,
    tap: 0,
    tag_counter: null,
    ...fields,
  };
  // With its daily aggregates, as a check would have written them.
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("scans").values(scan).execute();
    await addToDaily(trx, [scan]);
  });
  return scan;
}

/** A signed-in member acting on alerts and reports (an owner unless told otherwise). */
export function member(id: string, username: string, role: AdminIdentity["role"] = "owner"): AdminIdentity {
  return { id, username, role, sessionId: `session-${id}`, mfaEnabled: false, mustChangePassword: false, mfaRequired: false };
}

export const hoursAgo = (hours: number, from = Date.now()) => new Date(from - hours * 3_600_000).toISOString();

export async function alertsFor(subject: string) {
  const db = await getDb();
  return db.selectFrom("alerts").selectAll().where("subject", "=", subject).orderBy("created_at").execute();
}

export async function alertScanIds(alertId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectFrom("alert_scans")
    .innerJoin("scans", "scans.id", "alert_scans.scan_id")
    .select("scans.id")
    .where("alert_scans.alert_id", "=", alertId)
    .orderBy("scans.created_at")
    .execute();
  return rows.map((r) => r.id);
}

/** What the brand-protection API tests start from; the ids and codes they name. */
export type CheckHistory = { cloneCode: string; counterfeitScanId: string; genuineScanId: string };

/**
 * A history of five checks today: a genuine check, a clone checked from two countries, an unknown code
 * and a formula-like input.
 */
export async function checkHistory(productId: string): Promise<CheckHistory> {
  const genuine = await activeCode(productId);
  const genuineScanId = (await checkFrom(genuine.code, "api-buyer", "SA")).scanId;
  const cloned = await activeCode(productId);
  await checkFrom(cloned.code, "api-owner", "SA");
  await checkFrom(cloned.code, "api-copier", "EG");
  const counterfeitScanId = (await checkFrom("NOTOURS1", "api-guesser", "AE")).scanId;
  await checkFrom("=HYPERLINK(1)", "api-attacker", null);
  return { cloneCode: cloned.code, counterfeitScanId, genuineScanId };
}
