import { randomUUID } from "node:crypto";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { env } from "~/platform/lib/env.server";
import { newAdminColumns, normalizeUsername } from "./admin-accounts.server";
import { hashPassword, randomPassword } from "./passwords.server";

export type BootstrapResult =
  | { created: false }
  | { created: true; username: string; generatedPassword: string | null };

type Log = (message: string) => void;

export type BootstrapOptions = { username?: string; password?: string; log?: Log };

/**
 * First start with no admin at all: creates one from ADMIN_USERNAME / ADMIN_PASSWORD, or, when those
 * are unset, `admin` (or ADMIN_USERNAME) with a random password printed once to the server log.
 * With any admin present it does nothing. Safe to call from several places and processes.
 */
export async function createInitialAdmin(options: BootstrapOptions = {}): Promise<BootstrapResult> {
  const e = env();
  const { username: wantedName = e.ADMIN_USERNAME, password: wantedPassword = e.ADMIN_PASSWORD, log = (m: string) => console.log(m) } = options;
  const db = await getDb();
  const existing = await db.selectFrom("admins").select("id").limit(1).executeTakeFirst();
  if (existing) return { created: false };

  const username = normalizeUsername(wantedName ?? "admin");
  const generatedPassword = wantedPassword ? null : randomPassword();
  const passwordHash = await hashPassword(wantedPassword ?? generatedPassword!);
  const now = new Date().toISOString();
  // A second process starting at the same moment inserts the same username: its insert does nothing.
  const result = await db
    .insertInto("admins")
    .values({
      ...newAdminColumns(now),
      id: randomUUID(),
      username,
      password_hash: passwordHash,
      role: "owner",
      // A password printed to a log must be replaced at the first sign-in.
      must_change_password: generatedPassword ? 1 : 0,
      password_changed_at: generatedPassword ? null : now,
    })
    .onConflict((oc) => oc.column("username").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return { created: false };
  await recordAudit({ action: "team.member_added", actor: null, target: `admin:${username}`, detail: { via: "first start", role: "owner", generated_password: Boolean(generatedPassword) } });

  if (generatedPassword) {
    log(
      [
        "",
        "──────────────────────────────────────────────────────────────",
        " First start: created admin account (shown only this once)",
        `   username: ${username}`,
        `   password: ${generatedPassword}`,
        " Sign in at /admin: you will be asked to choose your own password.",
        "──────────────────────────────────────────────────────────────",
        "",
      ].join("\n"),
    );
  } else {
    log(`First start: created admin account "${username}" from ADMIN_USERNAME / ADMIN_PASSWORD.`);
  }
  return { created: true, username, generatedPassword };
}

let once: Promise<BootstrapResult> | undefined;

/** createInitialAdmin, at most once per process (server start, and lazily before the first login). */
export function ensureInitialAdmin(): Promise<BootstrapResult> {
  once ??= createInitialAdmin().catch((error) => {
    once = undefined;
    throw error;
  });
  return once;
}
