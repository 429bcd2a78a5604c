import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { env } from "~/platform/lib/env.server";
import { createOrResetAdmin, disableTwoFactor } from "./admin-accounts.server";
import { deviceIdFor, deviceToken } from "./device-cookie.server";
import { MFA_ACCOUNT_BUDGET, takeLoginAttempt } from "./login-limits.server";
import { attemptLogin, completeMfaLogin, type LoginOutcome } from "./login.server";
import { passwordChecks } from "./passwords.server";
import { authenticateAccessToken, startSession } from "../sessions/sessions.server";
import { unlockSecondStep } from "~/features/team/members.server";
import { newTotpSecret, sealSecret, totpAt } from "./totp.server";
import { replaceRecoveryCodes } from "./second-factor.server";

const PASSWORD = "limits-password-123";
const WRONG = "not-the-password";

beforeAll(async () => {
  for (const name of ["limit-admin", "other-admin", "reset-admin", "burst-admin", "owner-admin", "spread-admin", "mfa-admin", "mfa-burst", "mfa-spread", "mfa-bound", "mfa-pwd", "mfa-arabic-digits"]) {
    await createOrResetAdmin(name, PASSWORD);
  }
});

const signedIn = (outcome: LoginOutcome) => outcome.ok && outcome.value.step === "signed_in";

async function auditCount(action: string, actor: string) {
  const db = await getDb();
  const row = await db.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "=", action).where("actor", "=", actor).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("login", () => {
  it("signs in with the right password, username case and spaces aside", async () => {
    const outcome = await attemptLogin({ username: "  Limit-Admin ", password: PASSWORD, clientKey: "c-ok" });
    expect(signedIn(outcome)).toBe(true);
    if (outcome.ok && outcome.value.step === "signed_in") expect(outcome.value.admin).toMatchObject({ username: "limit-admin", role: "owner" });
  });

  it("answers the same for an unknown user and a wrong password, and records both attempts", async () => {
    const unknown = await attemptLogin({ username: "nobody-here", password: PASSWORD, clientKey: "c-generic" });
    const wrong = await attemptLogin({ username: "other-admin", password: WRONG, clientKey: "c-generic" });
    expect(unknown).toEqual({ ok: false, error: "invalid_credentials" });
    expect(wrong).toEqual(unknown);
    expect(await auditCount("sign_in.failure", "nobody-here")).toBe(1);
    expect(await auditCount("sign_in.failure", "other-admin")).toBe(1);
  });
});

describe("login limits (taken before the password is checked)", () => {
  it("uses the default of 5 failures", () => {
    expect(env().LOGIN_RATE_LIMIT).toBe(5);
  });

  it("blocks an account from one client after 5 failures without checking the password; other clients still sign in", async () => {
    for (let i = 0; i < 5; i++) {
      expect(await attemptLogin({ username: "limit-admin", password: WRONG, clientKey: "c-user" })).toEqual({ ok: false, error: "invalid_credentials" });
    }
    const checks = passwordChecks();
    const blocked = await attemptLogin({ username: "limit-admin", password: PASSWORD, clientKey: "c-user" });
    expect(blocked).toMatchObject({ ok: false, error: "rate_limited" });
    if (!blocked.ok) {
      expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    // Refused before any argon2 work.
    expect(passwordChecks()).toBe(checks);
    // The lockout is one audit entry, however often the door is knocked on after.
    await attemptLogin({ username: "limit-admin", password: WRONG, clientKey: "c-user" });
    expect(await auditCount("sign_in.locked", "limit-admin")).toBe(1);
    // A stranger's failures elsewhere do not lock the member out.
    expect(signedIn(await attemptLogin({ username: "limit-admin", password: PASSWORD, clientKey: "c-members-office" }))).toBe(true);
  });

  it("blocks a client after 4× the limit failures across usernames", async () => {
    for (let i = 0; i < 20; i++) {
      expect(await attemptLogin({ username: `guess-user-${i}`, password: WRONG, clientKey: "c-spray" })).toEqual({ ok: false, error: "invalid_credentials" });
    }
    expect(await attemptLogin({ username: "other-admin", password: PASSWORD, clientKey: "c-spray" })).toMatchObject({ ok: false, error: "rate_limited" });
    expect(signedIn(await attemptLogin({ username: "other-admin", password: PASSWORD, clientKey: "c-elsewhere" }))).toBe(true);
  });

  it("a successful login forgets that client's failures for the account", async () => {
    for (let i = 0; i < 4; i++) await attemptLogin({ username: "reset-admin", password: WRONG, clientKey: "c-reset" });
    expect(signedIn(await attemptLogin({ username: "reset-admin", password: PASSWORD, clientKey: "c-reset" }))).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(await attemptLogin({ username: "reset-admin", password: WRONG, clientKey: "c-reset" })).toEqual({ ok: false, error: "invalid_credentials" });
    }
    expect(signedIn(await attemptLogin({ username: "reset-admin", password: PASSWORD, clientKey: "c-reset" }))).toBe(true);
  });

  it("a concurrent burst of 150 wrong guesses gets at most 5 password checks, and the right password sent last is refused", async () => {
    const before = passwordChecks();
    const guesses = Array.from({ length: 150 }, (_, i) => attemptLogin({ username: "burst-admin", password: `${WRONG}-${i}`, clientKey: "c-burst" }));
    const right = attemptLogin({ username: "burst-admin", password: PASSWORD, clientKey: "c-burst" });
    const outcomes = await Promise.all([...guesses, right]);
    const checked = passwordChecks() - before;
    expect(checked).toBeLessThanOrEqual(5);
    expect(outcomes.filter((o) => !o.ok && o.error === "invalid_credentials")).toHaveLength(checked);
    expect(outcomes.filter((o) => !o.ok && o.error === "rate_limited")).toHaveLength(151 - checked);
    expect(outcomes.at(-1)).toMatchObject({ ok: false, error: "rate_limited" });
    expect(await auditCount("sign_in.failure", "burst-admin")).toBe(checked);
  });

  it("a browser with the member's device cookie is not blocked by failures from its own network", async () => {
    const device = deviceToken("owner-admin");
    for (let i = 0; i < 25; i++) await attemptLogin({ username: "owner-admin", password: WRONG, clientKey: "c-shared-office" });
    expect(await attemptLogin({ username: "owner-admin", password: PASSWORD, clientKey: "c-shared-office" })).toMatchObject({ error: "rate_limited" });
    expect(signedIn(await attemptLogin({ username: "owner-admin", password: PASSWORD, clientKey: "c-shared-office", deviceToken: device }))).toBe(true);
    // The device's own attempts are limited too: 5 wrong ones and it waits like anyone.
    for (let i = 0; i < 5; i++) await attemptLogin({ username: "owner-admin", password: WRONG, clientKey: "c-shared-office", deviceToken: device });
    expect(await attemptLogin({ username: "owner-admin", password: PASSWORD, clientKey: "c-shared-office", deviceToken: device })).toMatchObject({ error: "rate_limited" });
  });

  it("many clients guessing one account are stopped at 20× the limit, for clients without a device cookie only", async () => {
    const device = deviceToken("spread-admin");
    // 25 addresses, 4 failures each (each below its own limit of 5): 100 attempts taken on the account.
    for (let client = 0; client < 25; client++) {
      for (let i = 0; i < 4; i++) expect((await takeLoginAttempt({ username: "spread-admin", client: `c-bot-${client}`, device: null })).allowed).toBe(true);
    }
    const checks = passwordChecks();
    expect(await attemptLogin({ username: "spread-admin", password: PASSWORD, clientKey: "c-new-laptop" })).toMatchObject({ error: "rate_limited" });
    expect(passwordChecks()).toBe(checks);
    expect(signedIn(await attemptLogin({ username: "spread-admin", password: PASSWORD, clientKey: "c-new-laptop", deviceToken: device }))).toBe(true);
  });
});

describe("the device cookie", () => {
  it("names one account, is signed, and expires after a year", () => {
    const now = Date.now();
    const token = deviceToken("owner-admin", now);
    expect(deviceIdFor(token, "owner-admin", now)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(deviceIdFor(token, "other-admin", now)).toBeNull();
    const [v, name, nonce, issued, signature] = token.split(".");
    expect(deviceIdFor([v, Buffer.from("other-admin").toString("base64url"), nonce, issued, signature].join("."), "other-admin", now)).toBeNull();
    expect(deviceIdFor([v, name, nonce, String(Number(issued) + 1), signature].join("."), "owner-admin", now)).toBeNull();
    expect(deviceIdFor(`${token.slice(0, -2)}xx`, "owner-admin", now)).toBeNull();
    expect(deviceIdFor(token, "owner-admin", now + 366 * 86_400_000)).toBeNull();
    expect(deviceIdFor("garbage", "owner-admin")).toBeNull();
    expect(deviceIdFor(null, "owner-admin")).toBeNull();
  });
});

describe("two-factor sign-in", () => {
  async function enable(username: string) {
    const db = await getDb();
    const secret = newTotpSecret();
    const admin = await db.selectFrom("admins").select("id").where("username", "=", username).executeTakeFirstOrThrow();
    await db.updateTable("admins").set({ totp_secret: sealSecret(secret), totp_enabled_at: new Date().toISOString(), totp_last_step: null }).where("id", "=", admin.id).execute();
    const codes = await replaceRecoveryCodes(db, admin.id);
    return { secret, codes };
  }

  it("takes the code typed in Arabic-Indic digits, spaced as the app shows it", async () => {
    const { secret } = await enable("mfa-arabic-digits");
    const step = await passwordStep("mfa-arabic-digits", "c-mfa-ar");
    const code = await totpAt(secret, Date.now());
    const arabic = [...code].map((d) => String.fromCharCode(0x0660 + Number(d))).join("");
    const done = await completeMfaLogin({ mfaToken: step.mfaToken, code: `${arabic.slice(0, 3)} ${arabic.slice(3)}`, clientKey: "c-mfa-ar" });
    expect(done.ok).toBe(true);
  });

  async function passwordStep(username: string, clientKey: string) {
    const outcome = await attemptLogin({ username, password: PASSWORD, clientKey });
    if (!outcome.ok || outcome.value.step !== "mfa_required") throw new Error(`expected the second step, got ${JSON.stringify(outcome)}`);
    return outcome.value;
  }

  it("the password answers a short-lived token good only for the second step; the code answers the session, once", async () => {
    const { secret } = await enable("mfa-admin");
    const step = await passwordStep("mfa-admin", "c-mfa");
    expect(step.mfaToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(step.expiresIn).toBe(300);
    const done = await completeMfaLogin({ mfaToken: step.mfaToken, code: await totpAt(secret, Date.now()), clientKey: "c-mfa" });
    expect(done.ok).toBe(true);
    if (done.ok) expect(done.value.admin).toMatchObject({ username: "mfa-admin", mfaEnabled: true });
    // The step's token is spent, and the same code is never taken twice.
    expect(await completeMfaLogin({ mfaToken: step.mfaToken, code: await totpAt(secret, Date.now()), clientKey: "c-mfa" })).toEqual({ ok: false, error: "invalid_mfa_token" });
    const again = await passwordStep("mfa-admin", "c-mfa");
    expect(await completeMfaLogin({ mfaToken: again.mfaToken, code: await totpAt(secret, Date.now()), clientKey: "c-mfa" })).toEqual({ ok: false, error: "invalid_code" });
    expect(await completeMfaLogin({ mfaToken: "x".repeat(43), code: "123456", clientKey: "c-mfa" })).toEqual({ ok: false, error: "invalid_mfa_token" });
  });

  it("a recovery code signs in once", async () => {
    const { codes } = await enable("mfa-admin");
    const step = await passwordStep("mfa-admin", "c-recovery");
    expect((await completeMfaLogin({ mfaToken: step.mfaToken, code: codes[0]!.toLowerCase(), clientKey: "c-recovery" })).ok).toBe(true);
    const next = await passwordStep("mfa-admin", "c-recovery");
    expect(await completeMfaLogin({ mfaToken: next.mfaToken, code: codes[0]!, clientKey: "c-recovery" })).toEqual({ ok: false, error: "invalid_code" });
    expect((await completeMfaLogin({ mfaToken: next.mfaToken, code: codes[1]!, clientKey: "c-recovery" })).ok).toBe(true);
  });

  it("a wrong code is a failed sign-in: past the limit even the right code is refused", async () => {
    const { secret } = await enable("mfa-burst");
    const step = await passwordStep("mfa-burst", "c-mfa-burst");
    const before = await auditCount("sign_in.failure", "mfa-burst");
    // The right password kept its point (decision 150): four codes are left of this client's five.
    for (let i = 0; i < 4; i++) {
      expect(await completeMfaLogin({ mfaToken: step.mfaToken, code: "000000", clientKey: "c-mfa-burst" })).toEqual({ ok: false, error: "invalid_code" });
    }
    expect(await auditCount("sign_in.failure", "mfa-burst")).toBe(before + 4);
    expect(await completeMfaLogin({ mfaToken: step.mfaToken, code: await totpAt(secret, Date.now()), clientKey: "c-mfa-burst" })).toMatchObject({ ok: false, error: "rate_limited" });
    // A correct password does not wipe the wrong codes: the next password step is refused too.
    expect(await attemptLogin({ username: "mfa-burst", password: PASSWORD, clientKey: "c-mfa-burst" })).toMatchObject({ ok: false, error: "rate_limited" });
  });

  it("a correct password no longer gives an attempt back: five right passwords from one client, then 429", async () => {
    await enable("mfa-pwd");
    for (let i = 0; i < 5; i++) await passwordStep("mfa-pwd", "c-mfa-pwd");
    expect(await attemptLogin({ username: "mfa-pwd", password: PASSWORD, clientKey: "c-mfa-pwd" })).toMatchObject({ ok: false, error: "rate_limited" });
  });

  it("the step's token works only from the client that received it", async () => {
    const { secret } = await enable("mfa-bound");
    const step = await passwordStep("mfa-bound", "c-bound-a");
    const code = await totpAt(secret, Date.now());
    expect(await completeMfaLogin({ mfaToken: step.mfaToken, code, clientKey: "c-bound-b" })).toEqual({ ok: false, error: "invalid_mfa_token" });
    expect(await auditCount("sign_in.failure", "mfa-bound")).toBe(1);
    expect((await completeMfaLogin({ mfaToken: step.mfaToken, code, clientKey: "c-bound-a" })).ok).toBe(true);
  });

  it(`${MFA_ACCOUNT_BUDGET} wrong codes per account across 20 clients, then the second step locks until lifted; the trusted device still gets in`, async () => {
    const { secret } = await enable("mfa-spread");
    const db = await getDb();
    const id = (await db.selectFrom("admins").select("id").where("username", "=", "mfa-spread").executeTakeFirstOrThrow()).id;
    // The member's own browser signed in before: it carries the account's device cookie.
    const device = deviceToken("mfa-spread");
    const failuresBefore = await auditCount("sign_in.failure", "mfa-spread");
    const answers: string[] = [];
    for (let c = 0; c < 20; c++) {
      const clientKey = `c-spread-${c}`;
      const step = await passwordStep("mfa-spread", clientKey);
      for (let guess = 0; guess < 5; guess++) {
        const outcome = await completeMfaLogin({ mfaToken: step.mfaToken, code: String(100000 + c * 10 + guess), clientKey });
        answers.push(outcome.ok ? "ok" : outcome.error);
      }
    }
    // Codes checked: at most the budget, whatever the number of addresses.
    expect(await auditCount("sign_in.failure", "mfa-spread")).toBe(failuresBefore + MFA_ACCOUNT_BUDGET);
    expect(answers.filter((a) => a === "invalid_code")).toHaveLength(MFA_ACCOUNT_BUDGET);
    expect(answers.at(-1)).toBe("second_step_locked");
    expect(await auditCount("sign_in.second_step_locked", "mfa-spread")).toBe(1);
    expect((await db.selectFrom("admins").select("mfa_locked_at").where("id", "=", id).executeTakeFirstOrThrow()).mfa_locked_at).not.toBeNull();
    // Locked: even the right code from a fresh client is refused, unchecked.
    const fresh = await passwordStep("mfa-spread", "c-spread-fresh");
    expect(await completeMfaLogin({ mfaToken: fresh.mfaToken, code: await totpAt(secret, Date.now()), clientKey: "c-spread-fresh" })).toEqual({ ok: false, error: "second_step_locked" });
    // The member's browser with its device cookie is counted on its own and gets in.
    const own = await attemptLogin({ username: "mfa-spread", password: PASSWORD, clientKey: "c-spread-0", deviceToken: device });
    if (!own.ok || own.value.step !== "mfa_required") throw new Error("expected the second step");
    const mine = await completeMfaLogin({ mfaToken: own.value.mfaToken, code: await totpAt(secret, Date.now()), clientKey: "c-spread-0", deviceToken: device });
    expect(mine.ok).toBe(true);
    // An owner lifts the lock on the team screen; then a new browser gets in again.
    const owner = await createOrResetAdmin("mfa-unlocking-owner", PASSWORD);
    const ownerIdentity = (await authenticateAccessToken((await startSession(owner)).accessToken))!;
    expect(await unlockSecondStep({ admin: ownerIdentity, clientHash: "c-owner" }, id)).toMatchObject({ ok: true, value: { mfa_locked: false } });
    expect(await auditCount("team.second_step_unlocked", "mfa-unlocking-owner")).toBe(1);
    const after = await passwordStep("mfa-spread", "c-spread-after");
    expect((await completeMfaLogin({ mfaToken: after.mfaToken, code: await totpAt(secret, Date.now() + 30_000), clientKey: "c-spread-after" })).ok).toBe(true);
  });

  it("--disable-2fa lifts a lock too", async () => {
    const db = await getDb();
    await db.updateTable("admins").set({ mfa_locked_at: new Date().toISOString() }).where("username", "=", "mfa-bound").execute();
    expect(await disableTwoFactor("mfa-bound")).toBe(true);
    expect(await db.selectFrom("admins").select(["mfa_locked_at", "totp_enabled_at"]).where("username", "=", "mfa-bound").executeTakeFirstOrThrow()).toEqual({ mfa_locked_at: null, totp_enabled_at: null });
  });
});
