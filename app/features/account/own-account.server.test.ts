import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { accountOverview, changePassword, confirmMfa, disableMfa, endOtherSessions, endOwnSession, renewRecoveryCodes, setOwnEmail, startMfaEnrolment } from "./own-account.server";
import { createOrResetAdmin } from "../sign-in/admin-accounts.server";
import type { AdminIdentity } from "~/platform/access/identity";
import { passwordPolicyProblem } from "../sign-in/password-policy.server";
import { verifyPassword } from "../sign-in/passwords.server";
import { normalizeRecoveryCode, recoveryCodesLeft, spendRecoveryCode } from "../sign-in/second-factor.server";
import { authenticateAccessToken, listMemberSessions, startSession } from "../sessions/sessions.server";
import { matchTotp, openSecret, sealSecret, totpAt, totpUri } from "../sign-in/totp.server";

const PASSWORD = "account-password-long";

async function member(username: string) {
  const created = await createOrResetAdmin(username, PASSWORD);
  const pair = await startSession(created, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36" });
  const admin = (await authenticateAccessToken(pair.accessToken))!;
  return { admin, pair, who: { admin, clientHash: `client-${username}` } };
}

async function secretOf(admin: AdminIdentity) {
  const db = await getDb();
  const row = await db.selectFrom("admins").select(["totp_secret", "totp_enabled_at", "totp_last_step"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
  return { ...row, secret: row.totp_secret ? openSecret(row.totp_secret) : null };
}

describe("the password rule", () => {
  it("wants 12 to 256 characters that zxcvbn-ts does not find common or guessable", () => {
    expect(passwordPolicyProblem("short-pass1")).toBe("too_short");
    expect(passwordPolicyProblem("x".repeat(257))).toBe("too_long");
    for (const weak of ["password1234", "qwertyuiop123", "123456789012", "iloveyou2026", "Password1234!", "aaaaaaaaaaaa", "abcdefghijkl"]) {
      expect(passwordPolicyProblem(weak), weak).toBe("too_weak");
    }
    // The member's own name and the brand's are guessable words.
    expect(passwordPolicyProblem("maria.editor2026", { username: "maria.editor" })).toBe("too_weak");
    expect(passwordPolicyProblem("Lunara123456")).toBe("too_weak");
    for (const strong of ["velvet-orchid-harbor-92", "correct horse battery staple", "mV9!qT4#zL2@", "تفاحة-نافذة-سحابة-42"]) {
      expect(passwordPolicyProblem(strong), strong).toBeNull();
    }
  });
});

describe("changing one's password", () => {
  it("needs the current password and a strong new one; then every other session ends, this one stays", async () => {
    const { admin, pair, who } = await member("change-admin");
    const other = await startSession(admin);
    expect(await changePassword(who, { current: "wrong-password-here", next: "velvet-orchid-harbor-92" })).toEqual({ ok: false, error: "wrong_password" });
    expect(await changePassword(who, { current: PASSWORD, next: "password1234" })).toEqual({ ok: false, error: "too_weak" });
    expect(await changePassword(who, { current: PASSWORD, next: "short" })).toEqual({ ok: false, error: "too_short" });
    const db = await getDb();
    const unchanged = await db.selectFrom("admins").select("password_hash").where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(unchanged.password_hash, PASSWORD)).toBe(true);

    expect(await changePassword(who, { current: PASSWORD, next: "velvet-orchid-harbor-92" })).toEqual({ ok: true, value: { endedSessions: 1 } });
    const row = await db.selectFrom("admins").select(["password_hash", "must_change_password", "password_changed_at"]).where("id", "=", admin.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, "velvet-orchid-harbor-92")).toBe(true);
    expect(row.must_change_password).toBe(0);
    expect(row.password_changed_at).not.toBeNull();
    expect(await authenticateAccessToken(pair.accessToken)).not.toBeNull();
    expect(await authenticateAccessToken(other.accessToken)).toBeNull();
  });

  it("refuses the same password again", async () => {
    const { who } = await member("same-admin");
    expect(await changePassword(who, { current: PASSWORD, next: PASSWORD })).toEqual({ ok: false, error: "same_password" });
  });
});

describe("TOTP (RFC 6238: 30 s, 6 digits, one step of drift)", () => {
  // RFC 6238, appendix B: the SHA-1 key "12345678901234567890" (Base32 below) at T = 59 s gives 94287082 (8 digits).
  const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

  it("matches the RFC's test vector", async () => {
    expect(await generate({ secret: RFC_SECRET, epoch: 59, digits: 8 })).toBe("94287082");
    expect(await totpAt(RFC_SECRET, 59_000)).toBe("287082");
    expect(await totpAt(RFC_SECRET, 1_111_111_109_000)).toBe("081804");
  });

  it("with a fixed clock: this step and one either side match; two steps away do not", async () => {
    const now = 1_800_000_015_000; // 15 s into a step
    const code = (offsetSteps: number) => totpAt(RFC_SECRET, now + offsetSteps * 30_000);
    const step = Math.floor(now / 1000 / 30);
    expect(await matchTotp(RFC_SECRET, await code(0), { now })).toBe(step);
    expect(await matchTotp(RFC_SECRET, await code(-1), { now })).toBe(step - 1);
    expect(await matchTotp(RFC_SECRET, await code(1), { now })).toBe(step + 1);
    expect(await matchTotp(RFC_SECRET, await code(-2), { now })).toBeNull();
    expect(await matchTotp(RFC_SECRET, await code(2), { now })).toBeNull();
    // Spaces are fine; letters and wrong lengths are not codes.
    const c = await code(0);
    expect(await matchTotp(RFC_SECRET, `${c.slice(0, 3)} ${c.slice(3)}`, { now })).toBe(step);
    expect(await matchTotp(RFC_SECRET, "12345", { now })).toBeNull();
    expect(await matchTotp(RFC_SECRET, "abcdef", { now })).toBeNull();
    // A step already used is never accepted again.
    expect(await matchTotp(RFC_SECRET, await code(0), { now, afterStep: step })).toBeNull();
    expect(await matchTotp(RFC_SECRET, await code(1), { now, afterStep: step })).toBe(step + 1);
  });

  it("keeps the secret encrypted; the enrolment URI carries issuer and account (30 s, 6 digits, SHA-1 by default)", () => {
    const sealed = sealSecret(RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(openSecret(sealed)).toBe(RFC_SECRET);
    expect(openSecret(`${sealed.slice(0, -3)}abc`)).toBeNull();
    const uri = totpUri(RFC_SECRET, "Lunara", "maria.editor");
    expect(uri).toMatch(/^otpauth:\/\/totp\/Lunara:maria\.editor\?/);
    expect(uri).toContain(`secret=${RFC_SECRET}`);
    // 30 s and 6 digits are what every authenticator app assumes when the URI names neither.
    expect(uri).not.toMatch(/period=(?!30\b)|digits=(?!6\b)|algorithm=(?!SHA1\b)/);
  });
});

describe("two-factor enrolment, recovery codes and turning it off", () => {
  it("enrols with a code, shows ten recovery codes once and stores only their hashes", async () => {
    const { admin, who } = await member("enrol-admin");
    expect(await confirmMfa(who, "123456")).toEqual({ ok: false, error: "no_enrolment" });
    expect(await startMfaEnrolment(who)).toEqual({ ok: true, value: true });
    const pending = await secretOf(admin);
    expect(pending.totp_enabled_at).toBeNull();
    expect(await confirmMfa(who, "000000")).toEqual({ ok: false, error: "wrong_code" });
    const confirmed = await confirmMfa(who, await totpAt(pending.secret!, Date.now()));
    expect(confirmed.ok).toBe(true);
    if (!confirmed.ok) return;
    const codes = confirmed.value.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const db = await getDb();
    const stored = await db.selectFrom("recovery_codes").select("code_hash").where("admin_id", "=", admin.id).execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(codes.some((c) => code_hash.includes(c) || code_hash.includes(normalizeRecoveryCode(c)!))).toBe(false);
    }
    expect((await secretOf(admin)).totp_enabled_at).not.toBeNull();
    expect(await startMfaEnrolment(who)).toEqual({ ok: false, error: "mfa_already_on" });
  });

  it("a recovery code works once, also when two requests race with it", async () => {
    const { admin, who } = await member("race-admin");
    await startMfaEnrolment(who);
    const confirmed = await confirmMfa(who, await totpAt((await secretOf(admin)).secret!, Date.now()));
    if (!confirmed.ok) throw new Error("enrolment failed");
    const [first, second] = confirmed.value.recoveryCodes;
    const race = await Promise.all(Array.from({ length: 8 }, () => spendRecoveryCode(admin.id, first!)));
    expect(race.filter(Boolean)).toHaveLength(1);
    expect(await spendRecoveryCode(admin.id, first!)).toBe(false);
    expect(await spendRecoveryCode(admin.id, second!.toLowerCase().replace("-", " "))).toBe(true);
    expect(await recoveryCodesLeft(admin.id)).toBe(8);
    // Someone else's code is not this member's.
    expect(await spendRecoveryCode("someone-else", confirmed.value.recoveryCodes[2]!)).toBe(false);
  });

  it("new recovery codes and turning two-factor off each need a code; a wrong one is counted", async () => {
    const { admin, who } = await member("off-admin");
    expect(await disableMfa(who, "123456")).toEqual({ ok: false, error: "mfa_not_on" });
    await startMfaEnrolment(who);
    const secret = (await secretOf(admin)).secret!;
    const now = Date.now();
    const confirmed = await confirmMfa(who, await totpAt(secret, now - 30_000), now);
    if (!confirmed.ok) throw new Error("enrolment failed");
    const renewed = await renewRecoveryCodes(who, await totpAt(secret, now));
    expect(renewed.ok).toBe(true);
    if (!renewed.ok) return;
    // The old codes stopped working.
    expect(await spendRecoveryCode(admin.id, confirmed.value.recoveryCodes[0]!)).toBe(false);
    expect(await disableMfa(who, "000000")).toEqual({ ok: false, error: "wrong_code" });
    expect(await disableMfa(who, renewed.value.recoveryCodes[0]!)).toEqual({ ok: true, value: true });
    const after = await secretOf(admin);
    expect(after).toMatchObject({ totp_secret: null, totp_enabled_at: null, totp_last_step: null });
    expect(await recoveryCodesLeft(admin.id)).toBe(0);
  });
});

describe("one's sessions", () => {
  it("lists browser, started and last used; signs out one, or everywhere else", async () => {
    const { admin, pair, who } = await member("sessions-admin");
    const phone = await startSession(admin, { userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1" });
    const laptop = await startSession(admin, { userAgent: "curl/8.0" });
    const sessions = await listMemberSessions(admin.id);
    expect(sessions).toHaveLength(3);
    expect(sessions.every((s) => s.created_at && s.last_used_at)).toBe(true);
    const phoneId = (await authenticateAccessToken(phone.accessToken))!.sessionId;
    expect(await endOwnSession(who, phoneId)).toEqual({ ok: true, value: { current: false } });
    expect(await authenticateAccessToken(phone.accessToken)).toBeNull();
    expect(await endOwnSession(who, phoneId)).toEqual({ ok: false, error: "session_not_found" });
    expect(await endOtherSessions(who)).toBe(1);
    expect(await authenticateAccessToken(laptop.accessToken)).toBeNull();
    expect(await authenticateAccessToken(pair.accessToken)).not.toBeNull();
    expect((await listMemberSessions(admin.id)).map((s) => s.id)).toEqual([admin.sessionId]);
  });

  it("cannot end another member's session", async () => {
    const a = await member("owner-of-session");
    const b = await member("not-the-owner");
    expect(await endOwnSession(b.who, a.admin.sessionId)).toEqual({ ok: false, error: "session_not_found" });
    expect(await authenticateAccessToken(a.pair.accessToken)).not.toBeNull();
  });
});

describe("the member's own e-mail address", () => {
  it("is set, refused when another member has it, and removed; each change audited", async () => {
    const { admin, who } = await member("email-self");
    const other = await member("email-other");
    expect(await setOwnEmail(who, "self@example.com")).toEqual({ ok: true, value: true });
    expect((await accountOverview(admin)).email).toBe("self@example.com");
    expect(await setOwnEmail(other.who, "self@example.com")).toMatchObject({ ok: false, error: "duplicate_email" });
    expect(await setOwnEmail(who, null)).toEqual({ ok: true, value: true });
    expect((await accountOverview(admin)).email).toBeNull();
    const db = await getDb();
    const trail = await db.selectFrom("audit_log").select("detail").where("action", "=", "account.email_changed").where("target", "=", "admin:email-self").execute();
    expect(trail.map((e) => JSON.parse(String(e.detail)))).toEqual([{ email: "set" }, { email: "removed" }]);
  });
});
