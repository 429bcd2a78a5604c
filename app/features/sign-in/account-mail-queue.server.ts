import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { getDb } from "@db/db.server";
import type { AccountMailRequestsTable, Database } from "@db/schema";
import type { Limiter } from "~/platform/http/rate-limit.server";
import type { Language } from "~/platform/i18n/languages";
import { normalizeUsername } from "./admin-accounts.server";

/**
 * Requests for a mail about a staff account ("Forgot your password?", a sign-in link for a new
 * browser; issue 42, N3): the form writes one row, the same whatever was typed, and answers. The
 * outbox's loop does the rest later (./account-mail.server.ts), so neither the answer nor the next
 * request on the same connection, nor the process that answered, waits for a lookup, a token or a
 * rendering that only a real member would cost.
 */
export type AccountMailKind = AccountMailRequestsTable["kind"];
export type AccountMailRequest = { identifier: string; clientHash: string; lang: Language };

export async function queueAccountMail(kind: AccountMailKind, request: AccountMailRequest, now = new Date()): Promise<void> {
  const db = await getDb();
  const at = now.toISOString();
  await db
    .insertInto("account_mail_requests")
    .values({
      id: randomUUID(),
      kind,
      identifier: request.identifier.slice(0, 256),
      client_hash: request.clientHash,
      lang: request.lang,
      status: "pending",
      attempts: 0,
      next_attempt_at: at,
      lease_until: null,
      last_status: null,
      last_error: null,
      created_at: at,
      delivered_at: null,
    })
    .execute();
}

/** The daily job's part: requests done (or given up) more than a day ago are deleted. */
export async function purgeAccountMailRequests(db: Kysely<Database>, now: Date): Promise<Record<string, number>> {
  const result = await db
    .deleteFrom("account_mail_requests")
    .where("status", "<>", "pending")
    .where("created_at", "<", new Date(now.getTime() - 24 * 3_600_000).toISOString())
    .executeTakeFirst();
  return { deleted: Number(result.numDeletedRows) };
}

/**
 * The member a request names (a username or an e-mail address), enabled and with an address, and
 * whether the account may be mailed now (its own hourly `limiter`, counted only for a member).
 * `name` is what the mail greets when no one matches (the same work is done either way).
 */
export async function mailableMember(identifier: string, limiter: Limiter) {
  const db = await getDb();
  const name = normalizeUsername(identifier);
  const member = await db
    .selectFrom("admins")
    .select(["id", "username", "email"])
    .where((eb) => eb.or([eb("username", "=", name), eb("email", "=", name)]))
    .where("disabled_at", "is", null)
    .where("email", "is not", null)
    .executeTakeFirst();
  const mails = member?.email ? (await limiter.consume(member.id)).allowed : false;
  return { member, mails, name };
}

