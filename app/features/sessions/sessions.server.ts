import { randomUUID } from "node:crypto";
import { sql, type Transaction } from "kysely";
import { getDb } from "@db/db.server";
import { lockForUpdate } from "@db/portable";
import type { Database } from "@db/schema";
import { recordAudit } from "~/platform/audit/audit.server";
import { fail, ok, type Result } from "~/platform/lib/result";
import { isRole } from "~/platform/access/permissions";
import type { RefreshError } from "./errors";
import type { AdminIdentity } from "~/platform/access/identity";
import {
  accessTtlSeconds,
  REFRESH_TTL_SECONDS,
  signAccessToken,
  signRefreshToken,
  verifyAccessToken,
  verifyRefreshToken,
} from "./tokens.server";

/**
 * Sign-in sessions. A login starts a refresh-token *family* (one row per refresh token in
 * `refresh_tokens`, all sharing `family_id`, and one `admin_sessions` row the member sees in their
 * list) that lives 30 days from the login. Each refresh rotates: the presented token is marked rotated
 * and a new one of the same family is issued. Presenting a token that was already rotated means it
 * leaked (or a client lost an answer): within the grace window, from the client that rotated it, only
 * a new access token is answered (never a second live refresh token); otherwise the whole family is
 * revoked. Access tokens carry the family id, so logout and reuse detection end them too.
 */

/** A refresh presented again this soon after its rotation, by the same client, counts as a lost answer. */
export const REUSE_GRACE_MS = 10_000;
/** `last_used_at` of a session is written at most this often (one write a minute, not one per request). */
const LAST_USED_RESOLUTION_MS = 60_000;

export type TokenPair = {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** When the refresh token (and so the session) ends. */
  refreshExpiresAt: Date;
};

/** A refresh's answer: a new pair, or (a retry within the grace window) only a new access token. */
export type RefreshedTokens = Omit<TokenPair, "refreshToken"> & { refreshToken: string | null };

export type RefreshOutcome = Result<{ tokens: RefreshedTokens; admin: AdminIdentity }, RefreshError>;

/** Who signs in and from where: what the member's list of sessions shows. */
export type SessionMeta = { userAgent?: string; clientHash?: string; secondFactor?: "totp" | "recovery" | null; now?: Date };

const iso = (date: Date) => date.toISOString();

async function signPair(admin: { id: string; username: string }, familyId: string, refreshId: string, refreshExpiresAt: Date): Promise<TokenPair> {
  const access = await signAccessToken({ adminId: admin.id, username: admin.username, familyId });
  const refreshToken = await signRefreshToken({
    tokenId: refreshId,
    adminId: admin.id,
    familyId,
    expiresAt: Math.floor(refreshExpiresAt.getTime() / 1000),
  });
  return { accessToken: access.token, refreshToken, expiresIn: accessTtlSeconds(), refreshExpiresAt };
}

/** Starts a new session (token family) for a member whose password (and second factor) was just checked. */
export async function startSession(admin: { id: string; username: string }, meta: SessionMeta = {}): Promise<TokenPair> {
  const now = meta.now ?? new Date();
  const db = await getDb();
  const familyId = randomUUID();
  const tokenId = randomUUID();
  // Whole seconds, so the JWT's exp and the row agree exactly.
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + REFRESH_TTL_SECONDS * 1000);
  await db.transaction().execute(async (trx) => {
    // Housekeeping: sessions that ended on their own (30 days after their sign-in) are of no further use.
    await trx.deleteFrom("refresh_tokens").where("expires_at", "<", iso(now)).execute();
    await trx.deleteFrom("admin_sessions").where("created_at", "<", iso(new Date(now.getTime() - REFRESH_TTL_SECONDS * 1000))).execute();
    await trx
      .insertInto("admin_sessions")
      .values({
        id: familyId,
        admin_id: admin.id,
        created_at: iso(now),
        last_used_at: iso(now),
        user_agent: (meta.userAgent ?? "").slice(0, 256),
        client_hash: meta.clientHash ?? "",
        second_factor: meta.secondFactor ?? null,
      })
      .execute();
    await trx
      .insertInto("refresh_tokens")
      .values({ id: tokenId, family_id: familyId, admin_id: admin.id, created_at: iso(now), expires_at: iso(expiresAt), rotated_at: null, replaced_by: null, revoked_at: null, rotated_by: null })
      .execute();
    await trx.updateTable("admins").set({ last_sign_in_at: iso(now) }).where("id", "=", admin.id).execute();
  });
  return signPair(admin, familyId, tokenId, expiresAt);
}

/** Revokes every token of a family (logout, reuse, "sign out this one"). */
export async function revokeFamily(familyId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: iso(now) })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Everything the server knows of a member, read with their session: the identity of a request. */
async function identityOf(adminId: string, familyId: string, now: Date) {
  const db = await getDb();
  return db
    .selectFrom("refresh_tokens")
    .innerJoin("admins", "admins.id", "refresh_tokens.admin_id")
    .leftJoin("admin_sessions", "admin_sessions.id", "refresh_tokens.family_id")
    .select([
      "admins.id",
      "admins.username",
      "admins.role",
      "admins.must_change_password",
      "admins.totp_enabled_at",
      "admin_sessions.last_used_at",
      (eb) => eb.selectFrom("app_settings").select("value").where("key", "=", "require_mfa").as("require_mfa"),
    ])
    .where("refresh_tokens.family_id", "=", familyId)
    .where("refresh_tokens.admin_id", "=", adminId)
    .where("refresh_tokens.revoked_at", "is", null)
    .where("refresh_tokens.expires_at", ">", iso(now))
    .where("admins.disabled_at", "is", null)
    .executeTakeFirst();
}

type IdentityRow = NonNullable<Awaited<ReturnType<typeof identityOf>>>;

function toIdentity(row: IdentityRow, familyId: string): AdminIdentity | null {
  if (!isRole(row.role)) return null;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    sessionId: familyId,
    mfaEnabled: row.totp_enabled_at !== null,
    mustChangePassword: Number(row.must_change_password) === 1,
    mfaRequired: row.require_mfa === "1",
  };
}

/** Notes that a session was used, at most once a minute. */
async function touch(familyId: string, lastUsedAt: string | null, now: Date) {
  if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
  const db = await getDb();
  await db.updateTable("admin_sessions").set({ last_used_at: iso(now) }).where("id", "=", familyId).execute();
}

type Trx = Transaction<Database>;

/** The presented refresh token's row with its member's, locked until the transaction ends. */
function lockedRefreshToken(trx: Trx, tokenId: string) {
  return trx
    .selectFrom("refresh_tokens")
    .innerJoin("admins", "admins.id", "refresh_tokens.admin_id")
    .select([
      "refresh_tokens.id",
      "refresh_tokens.family_id",
      "refresh_tokens.expires_at",
      "refresh_tokens.rotated_at",
      "refresh_tokens.rotated_by",
      "refresh_tokens.revoked_at",
      "admins.id as admin_id",
      "admins.username",
      "admins.disabled_at",
    ])
    .where("refresh_tokens.id", "=", tokenId)
    // Two instances refreshing the same token at once take turns, as two requests in one process do.
    .$call(lockForUpdate(trx, "refresh_tokens"))
    .executeTakeFirst();
}

type LockedToken = NonNullable<Awaited<ReturnType<typeof lockedRefreshToken>>>;

/** Marks the token rotated (by this client) and issues its successor in the same family: a new pair. */
async function rotate(
  trx: Trx,
  row: LockedToken,
  admin: { id: string; username: string },
  { now, client, expiresAt }: { now: Date; client: string; expiresAt: Date },
): Promise<Result<RefreshedTokens, RefreshError>> {
  const nextId = randomUUID();
  const rotated = await trx
    .updateTable("refresh_tokens")
    .set({ rotated_at: iso(now), replaced_by: nextId, rotated_by: client })
    .where("id", "=", row.id)
    .where("rotated_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(rotated.numUpdatedRows) !== 1) return fail("revoked");
  await trx
    .insertInto("refresh_tokens")
    // Absolute: the successor ends when the login's session ends.
    .values({ id: nextId, family_id: row.family_id, admin_id: row.admin_id, created_at: iso(now), expires_at: row.expires_at, rotated_at: null, replaced_by: null, revoked_at: null, rotated_by: null })
    .execute();
  return ok(await signPair(admin, row.family_id, nextId, expiresAt));
}

/** Exchanges a refresh token for a new pair (rotation), with reuse detection. */
export async function refreshSession(refreshToken: string, options: { clientHash?: string; now?: Date } = {}): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const client = options.clientHash ?? "";
  const claims = await verifyRefreshToken(refreshToken);
  if (!claims) return fail("invalid");
  const db = await getDb();

  type Step = Result<RefreshedTokens, RefreshError> | { ok: false; reused: { id: string; username: string } };
  const outcome = await db.transaction().execute(async (trx): Promise<Step> => {
    const row = await lockedRefreshToken(trx, claims.tokenId);
    if (!row || row.admin_id !== claims.adminId || row.family_id !== claims.familyId) return fail("invalid");
    if (row.revoked_at || row.disabled_at) return fail("revoked");
    const expiresAt = new Date(row.expires_at);
    if (expiresAt <= now) return fail("expired");
    const admin = { id: row.admin_id, username: row.username };

    if (row.rotated_at) {
      const sinceRotation = now.getTime() - new Date(row.rotated_at).getTime();
      if (sinceRotation > REUSE_GRACE_MS || row.rotated_by !== client) {
        await trx.updateTable("refresh_tokens").set({ revoked_at: iso(now) }).where("family_id", "=", row.family_id).where("revoked_at", "is", null).execute();
        return { ok: false, reused: admin };
      }
      // A retry of a refresh whose answer was lost, from the client that sent it: a new access token
      // only. The family's live refresh token stays with whoever received it.
      const live = await trx
        .selectFrom("refresh_tokens")
        .select("id")
        .where("family_id", "=", row.family_id)
        .where("rotated_at", "is", null)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!live) return fail("revoked");
      const access = await signAccessToken({ adminId: admin.id, username: admin.username, familyId: row.family_id });
      return ok({ accessToken: access.token, refreshToken: null, expiresIn: accessTtlSeconds(), refreshExpiresAt: expiresAt });
    }

    return rotate(trx, row, admin, { now, client, expiresAt });
  });

  if ("reused" in outcome) {
    await recordAudit({ action: "session.refresh_reused", actor: outcome.reused, target: `session:${claims.familyId}`, outcome: "refused", clientHash: client || null });
    return fail("reused");
  }
  if (!outcome.ok) return fail(outcome.error);
  // The full identity (role, pending steps) as any request sees it.
  const row = await identityOf(claims.adminId, claims.familyId, now);
  const identity = row ? toIdentity(row, claims.familyId) : null;
  if (!row || !identity) return fail("revoked");
  await touch(claims.familyId, row.last_used_at, now);
  return ok({ admin: identity, tokens: outcome.value });
}

/**
 * The member of a valid access token whose session is still live (not logged out, not revoked for
 * reuse, not past its 30 days, member not disabled), or null.
 */
export async function authenticateAccessToken(accessToken: string, now = new Date()): Promise<AdminIdentity | null> {
  const claims = await verifyAccessToken(accessToken);
  if (!claims) return null;
  const row = await identityOf(claims.adminId, claims.familyId, now);
  if (!row) return null;
  await touch(claims.familyId, row.last_used_at, now);
  return toIdentity(row, claims.familyId);
}

/**
 * Ends a session on the server. Either token identifies it: the refresh token (API logout, or the
 * cookie) or, when that is missing, the access token. Returns the member whose session it was (for the
 * audit trail), or null when neither names a session.
 */
export async function endSession(tokens: { refreshToken?: string | null; accessToken?: string | null }, now = new Date()) {
  const refresh = tokens.refreshToken ? await verifyRefreshToken(tokens.refreshToken) : null;
  const access = !refresh && tokens.accessToken ? await verifyAccessToken(tokens.accessToken) : null;
  const familyId = refresh?.familyId ?? access?.familyId;
  const adminId = refresh?.adminId ?? access?.adminId;
  if (!familyId || !adminId) return null;
  await revokeFamily(familyId, now);
  const db = await getDb();
  const admin = await db.selectFrom("admins").select(["id", "username"]).where("id", "=", adminId).executeTakeFirst();
  return admin ? { ...admin, sessionId: familyId } : null;
}

/** Ends every session of a member, or every one but `except` (a password change keeps the current one). */
export async function revokeMemberSessions(adminId: string, options: { except?: string; now?: Date } = {}): Promise<number> {
  const db = await getDb();
  const result = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: iso(options.now ?? new Date()) })
    .where("admin_id", "=", adminId)
    .where("revoked_at", "is", null)
    .$if(Boolean(options.except), (qb) => qb.where("family_id", "!=", options.except!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A member's live sessions, newest first: what "Your sessions" lists. */
export async function listMemberSessions(adminId: string, now = new Date()) {
  const db = await getDb();
  return db
    .selectFrom("admin_sessions")
    .select(["id", "created_at", "last_used_at", "user_agent", "second_factor"])
    .where("admin_id", "=", adminId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("refresh_tokens")
          .select(sql<number>`1`.as("one"))
          .whereRef("refresh_tokens.family_id", "=", "admin_sessions.id")
          .where("refresh_tokens.revoked_at", "is", null)
          .where("refresh_tokens.expires_at", ">", iso(now)),
      ),
    )
    .orderBy("last_used_at", "desc")
    .orderBy("id")
    .execute();
}

/** Ends one of the member's own sessions; false when it is not theirs or already ended. */
export async function endMemberSession(adminId: string, sessionId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const result = await db
    .updateTable("refresh_tokens")
    .set({ revoked_at: iso(now) })
    .where("admin_id", "=", adminId)
    .where("family_id", "=", sessionId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
