import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import type { ApiKey } from "@db/schema";
import { recordAudit } from "~/platform/audit/audit.server";
import { createLimiter, type LimitResult } from "~/platform/http/rate-limit.server";
import { env } from "~/platform/lib/env.server";
import { readPage, type Page } from "~/platform/lib/paging";
import { fail, ok, type Result } from "~/platform/lib/result";
import { getServerSecret } from "~/platform/lib/secrets.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { isScope, type Scope } from "~/platform/access/permissions";
import type { KeyError } from "./errors";

/**
 * API keys for machines (decision 154). An owner makes a key with a name, scopes and an optional
 * expiry; its secret (`lk_` and 32 random bytes, base64url) is answered once and stored only as a
 * keyed hash (HMAC-SHA-256 with a key derived from the server secret, as recovery codes are), with
 * its first characters kept visible to tell keys apart. A key acts for the owner who made it: the
 * guard (`requireApiAdmin`) lets it make the API calls its scopes and its creator's role both allow,
 * counts its calls against API_KEY_RATE_LIMIT a minute, and every audited change it makes names the
 * key and its creator. A key stops working when revoked, when it expires, or when its creator is
 * disabled. The keys screen and `/api/v1/keys/…` call these functions; making and revoking are audited.
 */
export type By = { admin: AdminIdentity; clientHash: string };

export const SECRET_PREFIX = "lk_";
/** `lk_` and the first 8 characters of the random part: 48 bits, enough to tell keys apart, useless to guess one. */
const SHOWN_LENGTH = SECRET_PREFIX.length + 8;
/** last_used_at is written at most this often per key, so a busy key does not cost a write per call. */
const TOUCH_EVERY_MS = 60_000;

export type KeyState = "active" | "expired" | "revoked";

type KeyRow = ApiKey & { creator: string | null; revoker: string | null };

/** A key as the screen lists it (never its secret nor its hash). */
export type KeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  expires_at: string | null;
  last_used_at: string | null;
  created_at: string;
  created_by: string | null;
  revoked_at: string | null;
  revoked_by: string | null;
  state: KeyState;
};

/** Whether a bearer token is meant as an API key rather than an access token. */
export const isKeySecret = (token: string) => token.startsWith(SECRET_PREFIX);

const hashOf = (secret: string) => createHmac("sha256", getServerSecret("api-key")).update(secret, "utf8").digest("base64url");

export const scopesOf = (stored: string): Scope[] => stored.split(" ").filter(isScope);

function stateOf(row: Pick<ApiKey, "revoked_at" | "expires_at">, now: Date): KeyState {
  if (row.revoked_at) return "revoked";
  if (row.expires_at && row.expires_at <= now.toISOString()) return "expired";
  return "active";
}

function view(row: KeyRow, now: Date): KeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    expires_at: row.expires_at,
    last_used_at: row.last_used_at,
    created_at: row.created_at,
    created_by: row.creator,
    revoked_at: row.revoked_at,
    revoked_by: row.revoker,
    state: stateOf(row, now),
  };
}

async function keysQuery() {
  const db = await getDb();
  return db
    .selectFrom("api_keys")
    .leftJoin("admins as creator", "creator.id", "api_keys.created_by")
    .leftJoin("admins as revoker", "revoker.id", "api_keys.revoked_by")
    .selectAll("api_keys")
    .select(["creator.username as creator", "revoker.username as revoker"]);
}

/** The keys, newest first, ten a page. */
export async function listKeys(page: number, now = new Date()): Promise<Page<KeyView>> {
  const db = await getDb();
  const count = await db.selectFrom("api_keys").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const query = await keysQuery();
  return readPage(Number(count.n), page, async (offset, limit) => {
    const rows = await query.orderBy("api_keys.created_at", "desc").orderBy("api_keys.id", "desc").limit(limit).offset(offset).execute();
    return rows.map((row) => view(row, now));
  });
}

export type NewKey = { name: string; scopes: readonly Scope[]; expiresAt: string | null };

/** Makes a key; its secret is in the answer and nowhere else, ever. */
export async function createKey(by: By, input: NewKey, now = new Date()): Promise<{ key: KeyView; secret: string }> {
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  const scopes = [...new Set(input.scopes)];
  const row: ApiKey = {
    id: randomUUID(),
    name: input.name,
    prefix: secret.slice(0, SHOWN_LENGTH),
    key_hash: hashOf(secret),
    scopes: scopes.join(" "),
    expires_at: input.expiresAt,
    last_used_at: null,
    created_at: now.toISOString(),
    created_by: by.admin.id,
    revoked_at: null,
    revoked_by: null,
  };
  const db = await getDb();
  await db.insertInto("api_keys").values(row).execute();
  await recordAudit({
    action: "api_key.created",
    actor: by.admin,
    clientHash: by.clientHash,
    target: `api_key:${row.prefix}`,
    detail: { id: row.id, name: row.name, scopes: row.scopes, expires_at: row.expires_at },
  });
  return { key: view({ ...row, creator: by.admin.username, revoker: null }, now), secret };
}

/** Revokes a key at once (every process sees it on the next call): unknown is `not_found`, twice is `already_revoked`. */
export async function revokeKey(by: By, id: string, now = new Date()): Promise<Result<KeyView, KeyError>> {
  const db = await getDb();
  const revoked = await db
    .updateTable("api_keys")
    .set({ revoked_at: now.toISOString(), revoked_by: by.admin.id })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  const row = await (await keysQuery()).where("api_keys.id", "=", id).executeTakeFirst();
  if (!row) return fail("not_found");
  if (Number(revoked.numUpdatedRows) === 0) return fail("already_revoked");
  await recordAudit({ action: "api_key.revoked", actor: by.admin, clientHash: by.clientHash, target: `api_key:${row.prefix}`, detail: { id: row.id, name: row.name } });
  return ok(view(row, now));
}

/** When each key's last use was last written by this process. */
const touched = new Map<string, number>();

/** Records a key's use, at most once a minute per key (a conditional UPDATE, so every process agrees). */
async function touchKey(id: string, lastUsedAt: string | null, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - TOUCH_EVERY_MS);
  if (lastUsedAt && lastUsedAt > cutoff.toISOString()) return;
  if ((touched.get(id) ?? 0) > cutoff.getTime()) return;
  touched.set(id, now.getTime());
  const db = await getDb();
  await db
    .updateTable("api_keys")
    .set({ last_used_at: now.toISOString() })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("last_used_at", "is", null), eb("last_used_at", "<=", cutoff.toISOString())]))
    .execute();
}

type KeyRefusal = "unknown" | "expired" | "revoked" | "creator_disabled";

/**
 * The caller of a key's secret: its creator (as they are now), acting through the key; or why not.
 * A known key's use is recorded (see touchKey).
 */
export async function authenticateKey(secret: string, now = new Date()): Promise<Result<AdminIdentity, KeyRefusal>> {
  const db = await getDb();
  const row = await db
    .selectFrom("api_keys")
    .innerJoin("admins", "admins.id", "api_keys.created_by")
    .select([
      "api_keys.id",
      "api_keys.prefix",
      "api_keys.scopes",
      "api_keys.expires_at",
      "api_keys.revoked_at",
      "api_keys.last_used_at",
      "admins.id as admin_id",
      "admins.username",
      "admins.role",
      "admins.disabled_at",
      "admins.totp_enabled_at",
    ])
    .where("api_keys.key_hash", "=", hashOf(secret))
    .executeTakeFirst();
  if (!row) return fail("unknown");
  const state = stateOf(row, now);
  if (state !== "active") return fail(state);
  if (row.disabled_at) return fail("creator_disabled");
  await touchKey(row.id, row.last_used_at, now);
  return ok({
    id: row.admin_id,
    username: row.username,
    role: row.role,
    sessionId: `api_key:${row.id}`,
    mfaEnabled: row.totp_enabled_at !== null,
    // A machine has no password to change nor a second factor to enrol: those steps are its creator's.
    mustChangePassword: false,
    mfaRequired: false,
    apiKey: { id: row.id, prefix: row.prefix, scopes: scopesOf(row.scopes) },
  });
}

/** Calls per key per minute: API_KEY_RATE_LIMIT. */
const keyLimiter = createLimiter("api-key", () => env().API_KEY_RATE_LIMIT, 60);

/** Counts one call of a key against its limit. */
export function consumeKeyCall(keyId: string): Promise<LimitResult> {
  return keyLimiter.consume(keyId);
}
