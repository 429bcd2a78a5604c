import type { Kysely } from "kysely";
import { isUniqueViolation } from "@db/errors";
import type { Database } from "@db/schema";
import { fail, ok, type Result } from "~/platform/lib/result";

/**
 * The one writer of a member's e-mail address (decision 161), for the team (an owner) and the
 * account page (the member): the address comes normalised by `emailSchema` (trimmed, lower case);
 * null removes it. Another member's address is refused, by a read and by the unique index behind it.
 * Answers whether anything changed.
 */
export async function saveEmail(db: Kysely<Database>, adminId: string, email: string | null): Promise<Result<boolean, "duplicate_email">> {
  const before = await db.selectFrom("admins").select("email").where("id", "=", adminId).executeTakeFirst();
  if (!before || before.email === email) return ok(false);
  if (email && (await db.selectFrom("admins").select("id").where("email", "=", email).where("id", "!=", adminId).executeTakeFirst())) return fail("duplicate_email");
  try {
    await db.updateTable("admins").set({ email, updated_at: new Date().toISOString() }).where("id", "=", adminId).execute();
  } catch (error) {
    if (isUniqueViolation(error)) return fail("duplicate_email");
    throw error;
  }
  return ok(true);
}

/** Whether an address is free for a new member. */
export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom("admins").select("id").where("email", "=", email).executeTakeFirst());
}
