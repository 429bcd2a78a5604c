import { beforeAll, describe, expect, it, vi } from "vitest";
import * as passwords from "./passwords.server";
import { createOrResetAdmin } from "./accounts.server";
import { attemptLogin } from "./login.server";
import { env } from "~/lib/env.server";

const PASSWORD = "limits-password-123";

beforeAll(async () => {
  await createOrResetAdmin("limit-admin", PASSWORD);
  await createOrResetAdmin("other-admin", PASSWORD);
});

describe("login", () => {
  it("signs in with the right password, username case and spaces aside", async () => {
    const outcome = await attemptLogin({ username: "  Limit-Admin ", password: PASSWORD, clientKey: "c-ok" });
    expect(outcome.ok).toBe(true);
    if (outcome.ok) expect(outcome.value.admin.username).toBe("limit-admin");
  });

  it("answers the same for an unknown user and a wrong password", async () => {
    const unknown = await attemptLogin({ username: "nobody-here", password: PASSWORD, clientKey: "c-generic" });
    const wrong = await attemptLogin({ username: "other-admin", password: "not-the-password", clientKey: "c-generic" });
    expect(unknown).toEqual({ ok: false, error: "invalid_credentials" });
    expect(wrong).toEqual(unknown);
  });
});

describe("login limits", () => {
  it("uses the default of 5 failures per username", () => {
    expect(env().LOGIN_RATE_LIMIT).toBe(5);
  });

  it("blocks a username after LOGIN_RATE_LIMIT failures, from any client, without checking the password", async () => {
    for (let i = 0; i < 5; i++) {
      expect(await attemptLogin({ username: "limit-admin", password: "wrong-pass", clientKey: `c-user-${i}` })).toEqual({ ok: false, error: "invalid_credentials" });
    }
    const spy = vi.spyOn(passwords, "verifyPassword");
    // The spy does see password checks (so its silence below means something).
    await attemptLogin({ username: "other-admin", password: "wrong-pass", clientKey: "c-spy" });
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    const blocked = await attemptLogin({ username: "limit-admin", password: PASSWORD, clientKey: "c-user-fresh" });
    expect(blocked.ok).toBe(false);
    expect(blocked).toMatchObject({ error: "rate_limited" });
    if (!blocked.ok && blocked.error === "rate_limited") {
      expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
      expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    }
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    // The other username is not affected.
    expect((await attemptLogin({ username: "other-admin", password: PASSWORD, clientKey: "c-user-fresh" })).ok).toBe(true);
  });

  it("blocks a client after 4× the limit failures across usernames", async () => {
    for (let i = 0; i < 20; i++) {
      const outcome = await attemptLogin({ username: `guess-user-${i}`, password: "wrong-pass", clientKey: "c-spray" });
      expect(outcome).toEqual({ ok: false, error: "invalid_credentials" });
    }
    const blocked = await attemptLogin({ username: "other-admin", password: PASSWORD, clientKey: "c-spray" });
    expect(blocked).toMatchObject({ ok: false, error: "rate_limited" });
    // Another client may still sign in to that account.
    expect((await attemptLogin({ username: "other-admin", password: PASSWORD, clientKey: "c-elsewhere" })).ok).toBe(true);
  });

  it("a successful login forgets the username's failures", async () => {
    await createOrResetAdmin("reset-admin", PASSWORD);
    for (let i = 0; i < 4; i++) await attemptLogin({ username: "reset-admin", password: "wrong-pass", clientKey: `c-reset-${i}` });
    expect((await attemptLogin({ username: "reset-admin", password: PASSWORD, clientKey: "c-reset-ok" })).ok).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(await attemptLogin({ username: "reset-admin", password: "wrong-pass", clientKey: `c-reset2-${i}` })).toEqual({ ok: false, error: "invalid_credentials" });
    }
    expect((await attemptLogin({ username: "reset-admin", password: PASSWORD, clientKey: "c-reset-ok" })).ok).toBe(true);
  });
});
