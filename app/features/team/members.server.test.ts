import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { attemptLogin } from "~/features/sign-in/login.server";
import { verifyPassword } from "~/features/sign-in/passwords.server";
import { authenticateAccessToken, startSession } from "~/features/sessions/sessions.server";
import { acceptInvitation, openInvitation } from "./invitations.server";
import { addMember, getMember, resetMemberPassword, updateMember, type By } from "./members.server";
import { isMfaRequired, setMfaRequired } from "./settings.server";

/** A member signed in with the given role, as the team's functions take their actor. */
async function signedIn(username: string, role: "owner" | "editor" | "viewer" = "owner"): Promise<{ by: By; admin: AdminIdentity; accessToken: string }> {
  const created = await createOrResetAdmin(username, "team-password-long", { role });
  const pair = await startSession(created);
  const admin = (await authenticateAccessToken(pair.accessToken))!;
  return { by: { admin, clientHash: "client-team" }, admin, accessToken: pair.accessToken };
}

const tokenOf = (url: string) => url.split("/").at(-1)!;

let owner: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  owner = await signedIn("first-owner");
});

describe("adding a member", () => {
  it("with a temporary password: shown once, stored hashed, to be changed at first sign-in", async () => {
    const added = await addMember(owner.by, { username: "Temp.Editor", role: "editor", delivery: { kind: "password" } });
    expect(added.ok).toBe(true);
    if (!added.ok || !added.value.password) throw new Error("no password");
    expect(added.value.member).toMatchObject({ username: "temp.editor", role: "editor", status: "active", must_change_password: true, mfa_enabled: false, disabled: false });
    expect(added.value.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const db = await getDb();
    const row = await db.selectFrom("admins").selectAll().where("username", "=", "temp.editor").executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(added.value.password);
    expect(await verifyPassword(row.password_hash, added.value.password)).toBe(true);
    const login = await attemptLogin({ username: "temp.editor", password: added.value.password, clientKey: "c-temp" });
    expect(login.ok && login.value.step === "signed_in" && login.value.admin.mustChangePassword).toBe(true);
  });

  it("with an invitation link: valid 24 hours, for setting one's password once", async () => {
    const added = await addMember(owner.by, { username: "invited.viewer", role: "viewer", delivery: { kind: "link" } });
    if (!added.ok || !added.value.invitationUrl) throw new Error("no link");
    expect(added.value.invitationUrl).toMatch(/^http:\/\/localhost:3000\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
    expect(added.value.member.status).toBe("invited");
    const token = tokenOf(added.value.invitationUrl);
    // Nothing can sign in before the password is set.
    expect(await attemptLogin({ username: "invited.viewer", password: "!", clientKey: "c-inv" })).toMatchObject({ ok: false });
    expect(await openInvitation(token)).toMatchObject({ username: "invited.viewer", role: "viewer" });
    expect(await openInvitation(token, new Date(Date.now() + 24 * 3600_000 + 1000))).toBeNull();
    expect(await acceptInvitation(token, "password1234", "c-inv")).toEqual({ ok: false, error: "too_weak" });
    expect(await acceptInvitation(token, "meadow-copper-lantern-8", "c-inv")).toEqual({ ok: true, value: { username: "invited.viewer" } });
    expect(await acceptInvitation(token, "another-copper-lantern-9", "c-inv")).toEqual({ ok: false, error: "invitation_invalid" });
    const login = await attemptLogin({ username: "invited.viewer", password: "meadow-copper-lantern-8", clientKey: "c-inv" });
    expect(login.ok && login.value.step === "signed_in" && login.value.admin.role).toBe("viewer");
    expect((await getMember(added.value.member.id))!.status).toBe("active");
  });

  it("refuses a taken or malformed username and a weak temporary password; nothing is stored", async () => {
    const db = await getDb();
    const before = (await db.selectFrom("admins").select("id").execute()).length;
    expect(await addMember(owner.by, { username: "FIRST-OWNER", role: "viewer", delivery: { kind: "link" } })).toEqual({ ok: false, error: "duplicate_username" });
    expect(await addMember(owner.by, { username: "ab", role: "viewer", delivery: { kind: "link" } })).toEqual({ ok: false, error: "invalid_username" });
    expect(await addMember(owner.by, { username: "weak.member", role: "viewer", delivery: { kind: "password", password: "password1234" } })).toEqual({ ok: false, error: "too_weak" });
    expect((await db.selectFrom("admins").select("id").execute()).length).toBe(before);
  });
});

describe("the last active owner", () => {
  it("can be neither demoted nor disabled; with a second owner, either can be", async () => {
    const db = await getDb();
    // This file's only other owners are made below; the first owner is alone for now.
    await db.updateTable("admins").set({ role: "viewer" }).where("role", "=", "owner").where("id", "!=", owner.admin.id).execute();
    expect(await updateMember(owner.by, owner.admin.id, { role: "editor" })).toEqual({ ok: false, error: "last_owner" });
    expect(await updateMember(owner.by, owner.admin.id, { disabled: true })).toEqual({ ok: false, error: "cannot_disable_self" });
    const second = await signedIn("second-owner", "owner");
    expect(await updateMember(second.by, owner.admin.id, { disabled: true })).toMatchObject({ ok: true });
    // Now second-owner is the last active owner.
    expect(await updateMember(second.by, second.admin.id, { role: "viewer" })).toEqual({ ok: false, error: "last_owner" });
    expect(await updateMember(second.by, owner.admin.id, { disabled: false })).toMatchObject({ ok: true });
    expect(await updateMember(second.by, second.admin.id, { role: "editor" })).toMatchObject({ ok: true, value: { role: "editor" } });
    const owners = await db.selectFrom("admins").select("id").where("role", "=", "owner").where("disabled_at", "is", null).execute();
    expect(owners.map((o) => o.id)).toEqual([owner.admin.id]);
  });

  it("counts only owners who can sign in: a pending invited owner or a disabled one is no second owner", async () => {
    const db = await getDb();
    const alone = await signedIn("lone-owner", "owner");
    await db.updateTable("admins").set({ role: "viewer" }).where("role", "=", "owner").where("id", "!=", alone.admin.id).execute();
    const invited = await addMember(alone.by, { username: "pending.owner", role: "owner", delivery: { kind: "link" } });
    if (!invited.ok) throw new Error("not added");
    expect(invited.value.member.status).toBe("invited");
    expect(await updateMember(alone.by, alone.admin.id, { role: "viewer" })).toEqual({ ok: false, error: "last_owner" });
    // Resetting oneself to an invitation link would leave no owner who can sign in, too.
    expect(await resetMemberPassword(alone.by, alone.admin.id, { kind: "link" })).toEqual({ ok: false, error: "last_owner" });
    expect(await attemptLogin({ username: "lone-owner", password: "team-password-long", clientKey: "c-lone" })).toMatchObject({ ok: true });
    // Once the invited owner has set a password, either may step down.
    await acceptInvitation(tokenOf(invited.value.invitationUrl!), "meadow-copper-lantern-8", "c-lone");
    expect(await updateMember(alone.by, alone.admin.id, { role: "editor" })).toMatchObject({ ok: true, value: { role: "editor" } });
    await db.updateTable("admins").set({ role: "viewer" }).where("id", "=", invited.value.member.id).execute();
    await db.updateTable("admins").set({ role: "owner" }).where("id", "=", owner.admin.id).execute();
  });

  it("two owners demoting each other at once: one change wins, one owner remains", async () => {
    const a = await signedIn("race-owner-a", "owner");
    const b = await signedIn("race-owner-b", "owner");
    const db = await getDb();
    await db.updateTable("admins").set({ role: "viewer" }).where("role", "=", "owner").where("id", "not in", [a.admin.id, b.admin.id]).execute();
    const [one, two] = await Promise.all([updateMember(a.by, b.admin.id, { role: "viewer" }), updateMember(b.by, a.admin.id, { role: "viewer" })]);
    expect([one.ok, two.ok].filter(Boolean)).toHaveLength(1);
    const owners = await db.selectFrom("admins").select("id").where("role", "=", "owner").where("disabled_at", "is", null).execute();
    expect(owners).toHaveLength(1);
    await db.updateTable("admins").set({ role: "owner" }).where("id", "=", owner.admin.id).execute();
  });
});

describe("changing, disabling and resetting a member", () => {
  it("a role change takes effect on the member's next request", async () => {
    const member = await signedIn("role-member", "viewer");
    expect(await updateMember(owner.by, member.admin.id, { role: "editor" })).toMatchObject({ ok: true, value: { role: "editor" } });
    expect((await authenticateAccessToken(member.accessToken))!.role).toBe("editor");
    expect(await updateMember(owner.by, "no-such-member", { role: "editor" })).toEqual({ ok: false, error: "not_found" });
    expect(await updateMember(owner.by, member.admin.id, {})).toEqual({ ok: false, error: "nothing_to_change" });
  });

  it("disabling ends the member's sessions at once and refuses their sign-in; enabling lets them back", async () => {
    const member = await signedIn("disabled-member", "editor");
    const other = await startSession(member.admin);
    expect(await updateMember(owner.by, member.admin.id, { disabled: true })).toMatchObject({ ok: true, value: { disabled: true, status: "disabled" } });
    expect(await authenticateAccessToken(member.accessToken)).toBeNull();
    expect(await authenticateAccessToken(other.accessToken)).toBeNull();
    expect(await attemptLogin({ username: "disabled-member", password: "team-password-long", clientKey: "c-dis" })).toEqual({ ok: false, error: "invalid_credentials" });
    expect(await updateMember(owner.by, member.admin.id, { disabled: false })).toMatchObject({ ok: true, value: { disabled: false } });
    expect((await attemptLogin({ username: "disabled-member", password: "team-password-long", clientKey: "c-dis" })).ok).toBe(true);
  });

  it("a reset ends the member's sessions and requires a new password (a temporary one, or a new link)", async () => {
    const member = await signedIn("reset-member", "editor");
    const reset = await resetMemberPassword(owner.by, member.admin.id, { kind: "password" });
    if (!reset.ok || !reset.value.password) throw new Error("no password");
    expect(await authenticateAccessToken(member.accessToken)).toBeNull();
    expect(await attemptLogin({ username: "reset-member", password: "team-password-long", clientKey: "c-reset" })).toEqual({ ok: false, error: "invalid_credentials" });
    const login = await attemptLogin({ username: "reset-member", password: reset.value.password, clientKey: "c-reset" });
    expect(login.ok && login.value.step === "signed_in" && login.value.admin.mustChangePassword).toBe(true);
    const link = await resetMemberPassword(owner.by, member.admin.id, { kind: "link" });
    if (!link.ok || !link.value.invitationUrl) throw new Error("no link");
    expect(await attemptLogin({ username: "reset-member", password: reset.value.password, clientKey: "c-reset" })).toEqual({ ok: false, error: "invalid_credentials" });
    // A newer link replaces an older one.
    const newer = await resetMemberPassword(owner.by, member.admin.id, { kind: "link" });
    if (!newer.ok || !newer.value.invitationUrl) throw new Error("no link");
    expect(await openInvitation(tokenOf(link.value.invitationUrl))).toBeNull();
    expect(await openInvitation(tokenOf(newer.value.invitationUrl))).not.toBeNull();
  });
});

describe("two-factor for everyone", () => {
  it("the owner's switch: a member without it must enrol first", async () => {
    const member = await signedIn("mfa-pending-member", "editor");
    expect(await isMfaRequired()).toBe(false);
    await setMfaRequired(owner.by, true);
    expect(await isMfaRequired()).toBe(true);
    expect(await authenticateAccessToken(member.accessToken)).toMatchObject({ mfaRequired: true, mfaEnabled: false });
    await setMfaRequired(owner.by, false);
    expect(await authenticateAccessToken(member.accessToken)).toMatchObject({ mfaRequired: false });
  });
});
