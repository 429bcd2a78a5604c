import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@db/db.server";
import { countAdmins, createOrResetAdmin, findAdminByUsername } from "./admin-accounts.server";
import { createInitialAdmin, ensureInitialAdmin } from "./bootstrap.server";
import { attemptLogin } from "./login.server";
import { verifyPassword } from "./passwords.server";

beforeEach(async () => {
  const db = await getDb();
  await db.deleteFrom("admins").execute();
});

describe("first admin", () => {
  it("with ADMIN_USERNAME / ADMIN_PASSWORD: creates that admin and prints no password", async () => {
    const log = vi.fn();
    const result = await createInitialAdmin({ username: "Owner-Name", password: "from-the-environment", log });
    expect(result).toEqual({ created: true, username: "owner-name", generatedPassword: null });
    const admin = await findAdminByUsername("owner-name");
    expect(admin).toBeDefined();
    expect(await verifyPassword(admin!.password_hash, "from-the-environment")).toBe(true);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).not.toContain("from-the-environment");
  });

  it("without them: creates `admin` with a random password printed once", async () => {
    const log = vi.fn();
    const result = await createInitialAdmin({ username: undefined, password: undefined, log });
    expect(result.created).toBe(true);
    if (!result.created) return;
    expect(result.username).toBe("admin");
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(log).toHaveBeenCalledTimes(1);
    expect(log.mock.calls[0]![0]).toContain(result.generatedPassword);
    const admin = await findAdminByUsername("admin");
    expect(await verifyPassword(admin!.password_hash, result.generatedPassword!)).toBe(true);
    // A second start prints nothing and creates nothing.
    const again = vi.fn();
    expect(await createInitialAdmin({ log: again })).toEqual({ created: false });
    expect(again).not.toHaveBeenCalled();
    expect(await countAdmins()).toBe(1);
  });

  it("with an admin already there: does nothing, whatever the environment says", async () => {
    await createOrResetAdmin("existing-admin", "existing-password");
    const log = vi.fn();
    expect(await createInitialAdmin({ username: "newcomer", password: "another-password", log })).toEqual({ created: false });
    expect(await countAdmins()).toBe(1);
    expect(await findAdminByUsername("newcomer")).toBeUndefined();
    expect(log).not.toHaveBeenCalled();
  });

  it("two starts at once create one admin", async () => {
    const results = await Promise.all([
      createInitialAdmin({ username: "racer", password: "racing-password", log: () => {} }),
      createInitialAdmin({ username: "racer", password: "racing-password", log: () => {} }),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await countAdmins()).toBe(1);
  });

  it("happens lazily before the first login (no server.js in tests or development)", async () => {
    const spy = vi.spyOn(console, "log").mockImplementation(() => {});
    await ensureInitialAdmin();
    spy.mockRestore();
    expect(await countAdmins()).toBe(1);
    expect(await findAdminByUsername(process.env.ADMIN_USERNAME ?? "admin")).toBeDefined();
    // An unknown login after that is a plain failure, not a crash.
    expect(await attemptLogin({ username: "nobody-at-all", password: "whatever-pass", clientKey: "c-lazy" })).toEqual({ ok: false, error: "invalid_credentials" });
  });
});

describe("admin:create", () => {
  it("creates, then resets, and refuses short passwords and bad usernames", async () => {
    const created = await createOrResetAdmin("cli-admin", "twelve-chars");
    expect(created.created).toBe(true);
    const reset = await createOrResetAdmin("CLI-admin", "a-new-password-now");
    expect(reset).toEqual({ id: created.id, username: "cli-admin", created: false });
    const admin = await findAdminByUsername("cli-admin");
    expect(await verifyPassword(admin!.password_hash, "a-new-password-now")).toBe(true);
    await expect(createOrResetAdmin("cli-admin", "short-pass")).rejects.toThrow(/at least 12/);
    await expect(createOrResetAdmin("ab", "long-enough-password")).rejects.toThrow(/Username/);
    await expect(createOrResetAdmin("has space", "long-enough-password")).rejects.toThrow(/Username/);
  });
});
