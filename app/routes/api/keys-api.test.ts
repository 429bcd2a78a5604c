// API keys (decision 154): made and revoked by owners only, shown once, hashed at rest, scoped per
// route family, refused when expired or revoked, rate-limited per key, named in the audit trail, and
// never opening the admin screens, the keys or the team.
process.env.API_KEY_RATE_LIMIT = "12";

import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { adminMiddleware } from "~/features/sessions/guard.server";
import { startSession } from "~/features/sessions/sessions.server";
import { products } from "~/platform/catalog/catalog";
import { callApi, jsonBody, signedInCaller, type Handler } from "../../../tests/unit/api";
import * as adminsCreate from "./admins-create";
import * as adminsList from "./admins-list";
import * as adminsUpdate from "./admins-update";
import * as alertsList from "./alerts-list";
import * as alertsStatus from "./alerts-status";
import * as auditList from "./audit-list";
import * as batchesCreate from "./batches-create";
import * as batchesList from "./batches-list";
import * as codesCreate from "./codes-create";
import * as codesList from "./codes-list";
import * as contactList from "./contact-list";
import * as dashboard from "./dashboard-overview";
import * as keysCreate from "./keys-create";
import * as keysList from "./keys-list";
import * as keysRevoke from "./keys-revoke";
import * as reportsList from "./reports-list";
import * as scansList from "./scans-list";
import * as password from "./users-password";

const base = "http://localhost:3000/api/v1";
const asOwner = signedInCaller("keys-owner", "keys-owner-password-1");
/** A call with an API key's secret as the bearer token. */
const withKey = (secret: string, handler: Handler, path: string, init: RequestInit = {}, params: Record<string, string> = {}) =>
  callApi(handler, `${base}${path}`, { ...init, auth: secret }, params);

type Made = { key: { id: string; prefix: string; name: string }; secret: string };
async function makeKey(scopes: string[], extra: Record<string, unknown> = {}): Promise<Made> {
  const res = await asOwner(keysCreate.action, "/keys/create/", jsonBody({ name: `key ${scopes.join(" ")}`, scopes, ...extra }));
  expect(res.status).toBe(201);
  return res.body.data;
}

async function keyRow(id: string) {
  const db = await getDb();
  return db.selectFrom("api_keys").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

let ownerId = "";
beforeAll(async () => {
  ownerId = (await getDb().then((db) => db.selectFrom("admins").select("id").where("username", "=", "keys-owner").executeTakeFirst()))?.id ?? "";
});

describe("POST /api/v1/keys/create/, GET /api/v1/keys/list/, POST /api/v1/keys/{id}/revoke/", () => {
  it("creates a key: 201 with exactly the contract's fields and the secret, once; stored only as a keyed hash", async () => {
    const res = await asOwner(keysCreate.action, "/keys/create/", jsonBody({ name: "  ERP planning ", scopes: ["read:batches", "write:batches", "read:batches"], expires_at: "2099-12-31" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status_code: 6000, error: null });
    const { key, secret } = res.body.data;
    expect(Object.keys(res.body.data).sort()).toEqual(["key", "secret"]);
    expect(Object.keys(key).sort()).toEqual(["created_at", "expires_at", "id", "last_used_at", "name", "prefix", "scopes"]);
    expect(key).toMatchObject({ name: "ERP planning", scopes: ["read:batches", "write:batches"], expires_at: "2099-12-31T23:59:59.999Z", last_used_at: null });
    expect(secret).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret.slice(3), "base64url")).toHaveLength(32);
    expect(key.prefix).toBe(secret.slice(0, 11));

    // Hashed at rest: the secret is in no column of its row nor anywhere in the audit trail; the hash is keyed (not a plain SHA-256).
    const row = await keyRow(key.id);
    expect(Object.values(row).some((value) => typeof value === "string" && value.includes(secret.slice(11)))).toBe(false);
    const { createHash } = await import("node:crypto");
    expect(row.key_hash).not.toBe(createHash("sha256").update(secret).digest("base64url"));
    expect(row.key_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const db = await getDb();
    const audit = await db.selectFrom("audit_log").selectAll().where("action", "=", "api_key.created").execute();
    expect(audit.some((entry) => entry.target === `api_key:${key.prefix}` && entry.actor_id === ownerId)).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(11));

    // Shown once: the list never carries it.
    const list = await asOwner(keysList.loader, "/keys/list/");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secret.slice(11));
    expect(list.body.data.keys.find((k: { id: string }) => k.id === key.id)).toMatchObject({ prefix: key.prefix, state: "active", revoked_at: null });
    expect(list.body.pagination).toMatchObject({ page: 1 });
  });

  it("bad input is 400 with 6001 and a localized message; nothing is stored", async () => {
    const db = await getDb();
    const before = (await db.selectFrom("api_keys").select("id").execute()).length;
    const cases: [unknown, string][] = [
      [{ scopes: ["read:scans"] }, "Give the key a name."],
      [{ name: "x", scopes: [] }, "Choose at least one scope."],
      [{ name: "x", scopes: "read:scans" }, "Choose at least one scope."],
      [{ name: "x", scopes: ["team:manage"] }, "That is not one of the scopes a key may have."],
      [{ name: "x", scopes: ["read:audit"] }, "That is not one of the scopes a key may have."],
      [{ name: "x", scopes: ["read:scans"], expires_at: "2001-01-01" }, "The expiry must be in the future."],
      [{ name: "x", scopes: ["read:scans"], expires_at: "2099-02-30" }, "Give the expiry as a date (2027-03-31) or an ISO 8601 date and time with its offset."],
      [{ name: "x", scopes: ["read:scans"], expires_at: "next week" }, "Give the expiry as a date (2027-03-31) or an ISO 8601 date and time with its offset."],
      [{ name: "x".repeat(101), scopes: ["read:scans"] }, "A name has at most 100 characters."],
    ];
    for (const [body, message] of cases) {
      const res = await asOwner(keysCreate.action, "/keys/create/", jsonBody(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ status_code: 6001, data: null, message });
    }
    const arabic = await asOwner(keysCreate.action, "/keys/create/?lng=ar", jsonBody({ name: "x", scopes: [] }));
    expect(arabic.body.message).toBe("يلزم اختيار نطاق واحد على الأقل.");
    expect((await db.selectFrom("api_keys").select("id").execute()).length).toBe(before);
  });

  it("revokes: 200, then the key is refused (401, 6001) at once; twice is 409; unknown is 404; audited", async () => {
    const made = await makeKey(["read:scans"]);
    expect((await withKey(made.secret, scansList.loader, "/scans/list/")).status).toBe(200);
    const res = await asOwner(keysRevoke.action, `/keys/${made.key.id}/revoke/`, { method: "POST" }, { keyId: made.key.id });
    expect(res.status).toBe(200);
    expect(res.body.data.key).toMatchObject({ id: made.key.id, state: "revoked" });
    const refused = await withKey(made.secret, scansList.loader, "/scans/list/");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ status_code: 6001, error: "invalid_token", data: null });
    const again = await asOwner(keysRevoke.action, `/keys/${made.key.id}/revoke/`, { method: "POST" }, { keyId: made.key.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status_code: 6001, error: "already_revoked" });
    const unknown = await asOwner(keysRevoke.action, "/keys/nope/revoke/", { method: "POST" }, { keyId: "nope" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status_code: 6001, error: "not_found", message: "There is no such API key." });
    const row = await keyRow(made.key.id);
    expect(row).toMatchObject({ revoked_by: ownerId });
    const db = await getDb();
    const entry = await db.selectFrom("audit_log").selectAll().where("action", "=", "api_key.revoked").where("target", "=", `api_key:${made.key.prefix}`).executeTakeFirst();
    expect(entry).toMatchObject({ actor: "keys-owner", outcome: "success" });
  });

  it("an expired key, an unknown key and a key whose creator is disabled are 401 like a bad token", async () => {
    const made = await makeKey(["read:scans"], { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await withKey(made.secret, scansList.loader, "/scans/list/")).status).toBe(200);
    const db = await getDb();
    await db.updateTable("api_keys").set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", made.key.id).execute();
    const expired = await withKey(made.secret, scansList.loader, "/scans/list/");
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ status_code: 6001, error: "invalid_token" });
    expect((await asOwner(keysList.loader, "/keys/list/")).body.data.keys.find((k: { id: string }) => k.id === made.key.id).state).toBe("expired");

    const unknown = await withKey(`lk_${"A".repeat(43)}`, scansList.loader, "/scans/list/");
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ status_code: 6001, error: "invalid_token" });
    const forged = await db.selectFrom("audit_log").selectAll().where("action", "=", "api.token_refused").execute();
    expect(forged.some((entry) => entry.detail?.includes("unknown_api_key"))).toBe(true);

    const other = await createOrResetAdmin("keys-other-owner", "keys-other-password-1");
    await db.updateTable("admins").set({ role: "owner" }).where("id", "=", other.id).execute();
    const token = (await startSession({ id: other.id, username: other.username })).accessToken;
    const theirs = await callApi(keysCreate.action, `${base}/keys/create/`, { ...jsonBody({ name: "theirs", scopes: ["read:scans"] }), auth: token });
    expect(theirs.status).toBe(201);
    expect((await withKey(theirs.body.data.secret, scansList.loader, "/scans/list/")).status).toBe(200);
    await db.updateTable("admins").set({ disabled_at: new Date().toISOString() }).where("id", "=", other.id).execute();
    expect((await withKey(theirs.body.data.secret, scansList.loader, "/scans/list/")).status).toBe(401);
  });
});

describe("Authorization: Bearer lk_… on the API", () => {
  it("works on every call its scopes allow and is refused (403, 6001) on every other route family", async () => {
    const made = await makeKey(["read:scans", "read:batches", "read:alerts", "read:reports"]);
    const allowed: [string, Handler, string][] = [
      ["scans", scansList.loader, "/scans/list/"],
      ["batches", batchesList.loader, "/batches/list/"],
      ["alerts", alertsList.loader, "/alerts/list/"],
      ["reports", reportsList.loader, "/reports/list/"],
    ];
    for (const [name, handler, path] of allowed) {
      const res = await withKey(made.secret, handler, path);
      expect(res.status, name).toBe(200);
      expect(res.body.status_code, name).toBe(6000);
    }
    const outOfScope: [string, Handler, string, RequestInit][] = [
      ["codes", codesList.loader, "/codes/list/", {}],
      ["contacts", contactList.loader, "/general/contact/list/", {}],
      ["dashboard", dashboard.loader, "/general/dashboard/overview/", {}],
      ["write batches", batchesCreate.action, "/batches/create/", jsonBody({})],
      ["write codes", codesCreate.action, "/codes/create/", jsonBody({ code: "ABCD2345", product_id: products[0]!.id })],
    ];
    for (const [name, handler, path, init] of outOfScope) {
      const res = await withKey(made.secret, handler, path, init);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toMatchObject({ status_code: 6001, data: null, error: "insufficient_scope", message: "This API key's scopes do not include this call." });
    }
    const written = await makeKey(["write:alerts"]);
    const status = await withKey(written.secret, alertsStatus.action, "/alerts/nope/status/", jsonBody({ status: "acknowledged" }), { alertId: "nope" });
    expect(status.status).toBe(404);
    expect((await withKey(written.secret, alertsList.loader, "/alerts/list/")).status).toBe(403);
  });

  it("never makes keys, touches the team or the audit trail, or changes a password: 403 and nothing changes", async () => {
    const made = await makeKey(["read:scans", "write:batches", "write:codes", "export:codes"]);
    const db = await getDb();
    const state = async () => JSON.stringify([await db.selectFrom("admins").selectAll().orderBy("id").execute(), await db.selectFrom("api_keys").select(["id", "revoked_at"]).orderBy("id").execute()]);
    const before = await state();
    const calls: [string, Handler, string, RequestInit, Record<string, string>][] = [
      ["create a key", keysCreate.action, "/keys/create/", jsonBody({ name: "child", scopes: ["read:scans"] }), {}],
      ["list keys", keysList.loader, "/keys/list/", {}, {}],
      ["revoke a key", keysRevoke.action, `/keys/${made.key.id}/revoke/`, { method: "POST" }, { keyId: made.key.id }],
      ["list the team", adminsList.loader, "/admins/list/", {}, {}],
      ["add a member", adminsCreate.action, "/admins/create/", jsonBody({ username: "key.made", role: "owner" }), {}],
      ["change a member", adminsUpdate.action, `/admins/${ownerId}/`, jsonBody({ disabled: true }, "PATCH"), { adminId: ownerId }],
      ["read the audit trail", auditList.loader, "/audit/list/", {}, {}],
      ["change the password", password.action, "/users/password/", jsonBody({ current_password: "keys-owner-password-1", new_password: "another-long-password-9" }), {}],
    ];
    for (const [name, handler, path, init, params] of calls) {
      const res = await withKey(made.secret, handler, path, init, params);
      expect(res.status, name).toBe(403);
      expect(res.body, name).toMatchObject({ status_code: 6001, data: null, error: "forbidden" });
    }
    expect(await state()).toBe(before);
  });

  it("every audited change made with a key names the key and its creator", async () => {
    const made = await makeKey(["write:codes"]);
    const res = await withKey(made.secret, codesCreate.action, "/codes/create/", jsonBody({ code: "KEYS-2345", product_id: products[0]!.id }));
    expect(res.status).toBe(201);
    const db = await getDb();
    const entry = await db.selectFrom("audit_log").selectAll().where("action", "=", "code.created").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor: "keys-owner", actor_id: ownerId, outcome: "success" });
    expect(JSON.parse(entry.detail!)).toMatchObject({ api_key: made.key.prefix, api_key_id: made.key.id });
    const listed = await asOwner(auditList.loader, "/audit/list/?action=code.created");
    expect(listed.body.data.entries[0]).toMatchObject({ actor: "keys-owner", api_key: made.key.prefix });
    await withKey(made.secret, scansList.loader, "/scans/list/");
    const denied = await db.selectFrom("audit_log").selectAll().where("action", "=", "access.denied").orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(denied).toMatchObject({ actor: "keys-owner", actor_id: ownerId, outcome: "refused" });
    expect(JSON.parse(denied.detail!)).toMatchObject({ api_key: made.key.prefix, scopes: "write:codes" });
  });

  it("reads active codes masked unless the key has export:codes (decision 149's rule, through the key's scopes)", async () => {
    const writer = await makeKey(["write:codes"]);
    expect((await withKey(writer.secret, codesCreate.action, "/codes/create/", jsonBody({ code: "MASK-2345", product_id: products[0]!.id }))).status).toBe(201);
    const shown = async (scopes: string[]) => {
      const made = await makeKey(scopes);
      const res = await withKey(made.secret, codesList.loader, "/codes/list/?code=MASK-2345");
      expect(res.status).toBe(200);
      return JSON.stringify(res.body.data.codes);
    };
    expect(await shown(["read:codes"])).toContain("••••-••••");
    expect(await shown(["read:codes"])).not.toContain("MASK");
    expect(await shown(["read:codes", "export:codes"])).toContain("MASK2345");
  });

  it("acts within its creator's role today: an owner made viewer takes their keys' writes with them", async () => {
    const creator = await createOrResetAdmin("keys-demoted", "keys-demoted-password-1");
    const db = await getDb();
    await db.updateTable("admins").set({ role: "owner" }).where("id", "=", creator.id).execute();
    const token = (await startSession({ id: creator.id, username: creator.username })).accessToken;
    const made = await callApi(keysCreate.action, `${base}/keys/create/`, { ...jsonBody({ name: "writer", scopes: ["write:alerts"] }), auth: token });
    const secret = made.body.data.secret as string;
    expect((await withKey(secret, alertsStatus.action, "/alerts/nope/status/", jsonBody({ status: "closed" }), { alertId: "nope" })).status).toBe(404);
    await db.updateTable("admins").set({ role: "viewer" }).where("id", "=", creator.id).execute();
    const refused = await withKey(secret, alertsStatus.action, "/alerts/nope/status/", jsonBody({ status: "closed" }), { alertId: "nope" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("forbidden");
  });

  it("records its last use at most once a minute, and answers 429 past API_KEY_RATE_LIMIT calls a minute", async () => {
    const made = await makeKey(["read:scans"]);
    expect((await keyRow(made.key.id)).last_used_at).toBeNull();
    await withKey(made.secret, scansList.loader, "/scans/list/");
    const first = (await keyRow(made.key.id)).last_used_at;
    expect(first).not.toBeNull();
    await withKey(made.secret, scansList.loader, "/scans/list/");
    expect((await keyRow(made.key.id)).last_used_at).toBe(first);
    for (let i = 2; i < 12; i++) expect((await withKey(made.secret, scansList.loader, "/scans/list/")).status).toBe(200);
    const limited = await withKey(made.secret, scansList.loader, "/scans/list/");
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status_code: 6001, error: "rate_limited" });
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another key has its own budget.
    const other = await makeKey(["read:scans"]);
    expect((await withKey(other.secret, scansList.loader, "/scans/list/")).status).toBe(200);
  });
});

describe("the admin screens refuse a key", () => {
  async function open(headers: Record<string, string>) {
    const request = new Request("http://localhost:3000/admin/dashboard/keys", { headers });
    let reached = false;
    try {
      await adminMiddleware({ request, context: new RouterContextProvider(), params: {} } as never, async () => {
        reached = true;
        return new Response("page");
      });
    } catch (thrown) {
      return { reached, response: thrown as Response };
    }
    return { reached, response: null };
  }

  it("as a bearer header or as the access-token cookie: the sign-in page, never the screen", async () => {
    const made = await makeKey(["read:scans"]);
    const tries: Record<string, string>[] = [{ Authorization: `Bearer ${made.secret}` }, { Cookie: `__Host-access_token=${made.secret}` }];
    for (const headers of tries) {
      const { reached, response } = await open(headers);
      expect(reached).toBe(false);
      expect(response?.status).toBe(302);
      expect(response?.headers.get("Location")).toMatch(/^\/admin(\?|$)/);
    }
  });
});
