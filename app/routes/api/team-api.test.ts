import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { openSecret, sealSecret, newTotpSecret, totpAt } from "~/features/sign-in/totp.server";
import { i18nextMiddleware } from "~/platform/i18n/i18n.server";
import * as adminsCreate from "./admins-create";
import * as adminsList from "./admins-list";
import * as adminsUpdate from "./admins-update";
import * as auditList from "./audit-list";
import * as codesList from "./codes-list";
import * as login from "./users-login";
import * as loginMfa from "./users-login-mfa";
import * as password from "./users-password";
import * as refresh from "./users-token-refresh";

type Handler = (args: never) => unknown;
const base = "http://localhost:3000/api/v1";

/** Calls an API route behind the i18n middleware, as the server does (with the route's pattern). */
async function call(handler: Handler, pattern: string, path: string, init: RequestInit & { token?: string; client?: string } = {}, params: Record<string, string> = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  headers.set("x-client-address", init.client ?? "10.9.0.1");
  if (init.body) headers.set("Content-Type", "application/json");
  const request = new Request(`${base}${path}`, { ...init, headers });
  const context = new RouterContextProvider();
  let answer: Response | undefined;
  await i18nextMiddleware({ request, context, params } as never, async () => {
    answer = (await handler({ request, context, params, pattern: `/api/v1${pattern}` } as never)) as Response;
    return answer;
  });
  return { status: answer!.status, body: await answer!.json(), headers: answer!.headers };
}
const post = (body: unknown, extra: { token?: string; client?: string; method?: string } = {}) => ({ method: extra.method ?? "POST", body: JSON.stringify(body), token: extra.token, client: extra.client });

let owner = "";
let ownerId = "";

beforeAll(async () => {
  const created = await createOrResetAdmin("api-owner", "api-owner-password");
  ownerId = created.id;
  owner = (await startSession(created)).accessToken;
});

async function tableState() {
  const db = await getDb();
  return JSON.stringify(await db.selectFrom("admins").select(["id", "username", "role", "disabled_at", "password_hash"]).orderBy("id").execute());
}

describe("POST /api/v1/admins/create/ and GET /api/v1/admins/list/", () => {
  it("without a password: 201 with the admin and a one-time invitation link; with one: no link", async () => {
    const linked = await call(adminsCreate.action, "/admins/create", "/admins/create/", post({ username: "api.editor", role: "editor" }, { token: owner }));
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ status_code: 6000, error: null });
    expect(Object.keys(linked.body.data.admin).sort()).toEqual(["created_at", "disabled", "email", "id", "last_sign_in_at", "mfa_enabled", "mfa_locked", "role", "username"]);
    expect(linked.body.data.admin).toMatchObject({ username: "api.editor", role: "editor", disabled: false, mfa_enabled: false, last_sign_in_at: null });
    expect(linked.body.data.invitation_url).toMatch(/\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
    const temp = await call(adminsCreate.action, "/admins/create", "/admins/create/", post({ username: "api.viewer", role: "viewer", password: "sapphire-kettle-morning-3" }, { token: owner }));
    expect(temp.status).toBe(201);
    expect(temp.body.data.invitation_url).toBeUndefined();
    const list = await call(adminsList.loader, "/admins/list", "/admins/list/", { token: owner });
    expect(list.status).toBe(200);
    expect(list.body.data.admins.map((a: { username: string }) => a.username)).toEqual(["api-owner", "api.editor", "api.viewer"]);
    expect(list.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 3 });
    expect((await call(adminsList.loader, "/admins/list", "/admins/list/?page=0", { token: owner })).status).toBe(400);
  });

  it("bad input answers 4xx with 6001 and a localized message, and changes nothing", async () => {
    const before = await tableState();
    const cases: [unknown, number, string][] = [
      [{ username: "someone.new", role: "boss" }, 400, "Choose a role: owner, editor or viewer."],
      [{ username: "abc", role: "viewer" }, 400, "A username has 5 to 64 characters: letters, digits, dot, dash, underscore or @."],
      [{ username: "API.EDITOR", role: "viewer" }, 409, "That username is already taken."],
      [{ username: "weak.member", role: "viewer", password: "password1234" }, 400, "That password is too easy to guess."],
      [{ username: "short.member", role: "viewer", password: "short" }, 400, "A password needs at least 12 characters."],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(adminsCreate.action, "/admins/create", "/admins/create/", post(body, { token: owner }));
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body).toMatchObject({ status_code: 6001, message, data: null });
    }
    const ar = await call(adminsCreate.action, "/admins/create", "/admins/create/?lng=ar", post({ username: "API.EDITOR", role: "viewer" }, { token: owner }));
    expect(ar.body.message).toBe("اسم المستخدم هذا مستخدم بالفعل.");
    expect(await tableState()).toBe(before);
  });
});

describe("PATCH /api/v1/admins/{id}/", () => {
  it("changes a role and disables; refuses the last owner, unknown ids and roles, and an empty body", async () => {
    const db = await getDb();
    const editor = await db.selectFrom("admins").select("id").where("username", "=", "api.editor").executeTakeFirstOrThrow();
    const patch = (id: string, body: unknown, lng = "en") => call(adminsUpdate.action, "/admins/:adminId", `/admins/${id}/?lng=${lng}`, post(body, { token: owner, method: "PATCH" }), { adminId: id });
    const role = await patch(editor.id, { role: "viewer" });
    expect(role.status).toBe(200);
    expect(role.body.data.admin).toMatchObject({ id: editor.id, role: "viewer", disabled: false });
    expect((await patch(editor.id, { disabled: true })).body.data.admin.disabled).toBe(true);
    const before = await tableState();
    const last = await patch(ownerId, { role: "editor" });
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({ status_code: 6001, error: "last_owner", message: "The last active owner can be neither demoted nor disabled. Make someone else an owner first." });
    expect((await patch(ownerId, { disabled: true })).status).toBe(409);
    expect((await patch(ownerId, { role: "editor" }, "ar")).body.message).toBe("لا يمكن خفض دور آخر مالك نشط ولا تعطيله. يُرجى تعيين مالك آخر أولًا.");
    expect((await patch("no-such-id", { role: "viewer" })).status).toBe(404);
    expect((await patch(editor.id, { role: "root" })).status).toBe(400);
    expect((await patch(editor.id, {})).status).toBe(400);
    expect((await patch(editor.id, { disabled: "yes" })).status).toBe(400);
    expect(await tableState()).toBe(before);
    expect((await call(adminsUpdate.action, "/admins/:adminId", `/admins/${editor.id}/`, post({ role: "viewer" }, { token: owner }), { adminId: editor.id })).status).toBe(405);
  });
});

describe("PATCH /api/v1/admins/{id}/ {mfa_locked: false}", () => {
  it("lifts a second-step lock (listed as mfa_locked), audited; true or another value is 400", async () => {
    const db = await getDb();
    const locked = await createOrResetAdmin("api.locked", "api-locked-password");
    await db.updateTable("admins").set({ mfa_locked_at: new Date().toISOString() }).where("id", "=", locked.id).execute();
    const listed = await call(adminsList.loader, "/admins/list", "/admins/list/?page_size=100", { token: owner });
    expect(listed.body.data.admins.find((a: { id: string }) => a.id === locked.id)).toMatchObject({ mfa_locked: true });
    const patch = (body: unknown) => call(adminsUpdate.action, "/admins/:adminId", `/admins/${locked.id}/`, post(body, { token: owner, method: "PATCH" }), { adminId: locked.id });
    expect(await patch({ mfa_locked: true })).toMatchObject({ status: 400, body: { status_code: 6001 } });
    expect(await patch({ mfa_locked: "no" })).toMatchObject({ status: 400 });
    expect((await db.selectFrom("admins").select("mfa_locked_at").where("id", "=", locked.id).executeTakeFirstOrThrow()).mfa_locked_at).not.toBeNull();
    expect(await patch({ mfa_locked: false })).toMatchObject({ status: 200, body: { data: { admin: { id: locked.id, mfa_locked: false } } } });
    expect((await db.selectFrom("admins").select("mfa_locked_at").where("id", "=", locked.id).executeTakeFirstOrThrow()).mfa_locked_at).toBeNull();
    const trail = await db.selectFrom("audit_log").select(["action", "target"]).where("action", "=", "team.second_step_unlocked").where("target", "=", "admin:api.locked").execute();
    expect(trail).toHaveLength(1);
    // With a role change in the same call, both happen.
    await db.updateTable("admins").set({ mfa_locked_at: new Date().toISOString() }).where("id", "=", locked.id).execute();
    expect(await patch({ role: "viewer", mfa_locked: false })).toMatchObject({ status: 200, body: { data: { admin: { role: "viewer", mfa_locked: false } } } });
  });
});

describe("the last owner who can sign in", () => {
  it("a pending invited owner does not count: PATCH self (demote or disable) is 409 last_owner, nothing changes", async () => {
    const invited = await call(adminsCreate.action, "/admins/create", "/admins/create/", post({ username: "api.pending.owner", role: "owner" }, { token: owner }));
    expect(invited.status).toBe(201);
    expect(invited.body.data.invitation_url).toBeDefined();
    const before = await tableState();
    const patch = (body: unknown) => call(adminsUpdate.action, "/admins/:adminId", `/admins/${ownerId}/`, post(body, { token: owner, method: "PATCH" }), { adminId: ownerId });
    expect(await patch({ role: "viewer" })).toMatchObject({ status: 409, body: { status_code: 6001, error: "last_owner" } });
    expect(await patch({ role: "editor", disabled: false })).toMatchObject({ status: 409, body: { error: "last_owner" } });
    expect(await tableState()).toBe(before);
    // The pending owner may be demoted: they cannot sign in either way.
    const pendingId = invited.body.data.admin.id as string;
    const demoted = await call(adminsUpdate.action, "/admins/:adminId", `/admins/${pendingId}/`, post({ role: "viewer" }, { token: owner, method: "PATCH" }), { adminId: pendingId });
    expect(demoted).toMatchObject({ status: 200, body: { data: { admin: { role: "viewer" } } } });
  });
});

describe("POST /api/v1/users/password/", () => {
  it("needs the current password and a strong new one; ends the other sessions", async () => {
    const member = await createOrResetAdmin("api-changer", "api-changer-password");
    const mine = await startSession(member);
    const other = await startSession(member);
    const change = (body: unknown) => call(password.action, "/users/password", "/users/password/", post(body, { token: mine.accessToken }));
    expect(await change({ current_password: "nope-nope-nope", new_password: "harbor-velvet-orchid-17" })).toMatchObject({ status: 400, body: { error: "wrong_password", message: "The current password is not right." } });
    expect(await change({ current_password: "api-changer-password", new_password: "password1234" })).toMatchObject({ status: 400, body: { error: "weak_password" } });
    expect((await change({ current_password: "api-changer-password" })).status).toBe(400);
    const done = await change({ current_password: "api-changer-password", new_password: "harbor-velvet-orchid-17" });
    expect(done).toMatchObject({ status: 200, body: { status_code: 6000, data: { other_sessions_ended: 1 } } });
    expect((await call(codesList.loader, "/codes/list", "/codes/list/", { token: other.accessToken })).status).toBe(401);
    expect((await call(codesList.loader, "/codes/list", "/codes/list/", { token: mine.accessToken })).status).toBe(200);
  });

  it("a member whose password must change can only change it; other calls answer 403", async () => {
    const db = await getDb();
    const member = await createOrResetAdmin("api-must-change", "api-must-change-pass");
    await db.updateTable("admins").set({ must_change_password: 1 }).where("id", "=", member.id).execute();
    const token = (await startSession(member)).accessToken;
    const refused = await call(codesList.loader, "/codes/list", "/codes/list/", { token });
    expect(refused).toMatchObject({ status: 403, body: { status_code: 6001, error: "password_change_required" } });
    const changed = await call(password.action, "/users/password", "/users/password/", post({ current_password: "api-must-change-pass", new_password: "quiet-river-lantern-58" }, { token }));
    expect(changed.status).toBe(200);
    expect((await call(codesList.loader, "/codes/list", "/codes/list/", { token })).status).toBe(200);
  });
});

describe("GET /api/v1/audit/list/", () => {
  it("answers entries (id, created_at, actor, action, target, outcome, api_key, detail, target_label) with pagination; filters; bad filters are 400", async () => {
    const res = await call(auditList.loader, "/audit/list", "/audit/list/?actor=api-owner&action=team.role_changed", { token: owner });
    expect(res.status).toBe(200);
    expect(res.body.data.entries.length).toBeGreaterThan(0);
    expect(Object.keys(res.body.data.entries[0]).sort()).toEqual(["action", "actor", "api_key", "created_at", "detail", "id", "outcome", "target", "target_label"]);
    // The target named for people (an addition; `target` keeps its raw text): "admin:sara" → "member sara".
    const entry = res.body.data.entries[0] as { target: string; target_label: string };
    expect(entry.target_label.replace(/[\u2066\u2069]/g, "")).toBe(`member ${entry.target.slice("admin:".length)}`);
    expect(res.body.data.entries.every((e: { action: string; actor: string }) => e.action === "team.role_changed" && e.actor === "api-owner")).toBe(true);
    expect(res.body.pagination).toMatchObject({ page: 1 });
    expect((await call(auditList.loader, "/audit/list", "/audit/list/?action=drop_table", { token: owner })).status).toBe(400);
    expect((await call(auditList.loader, "/audit/list", "/audit/list/?page=x", { token: owner })).status).toBe(400);
    expect((await call(auditList.loader, "/audit/list", "/audit/list/?from=2026-02-30", { token: owner })).status).toBe(400);
    expect((await call(auditList.action, "/audit/list", "/audit/list/", post({}, { token: owner, method: "DELETE" }))).status).toBe(405);
  });
});

describe("two-factor sign-in over the API", () => {
  it("login answers {mfa_required, mfa_token}; login/mfa answers the pair; a wrong code is a failed sign-in", async () => {
    const db = await getDb();
    const member = await createOrResetAdmin("api-mfa", "api-mfa-password-long");
    const secret = newTotpSecret();
    await db.updateTable("admins").set({ totp_secret: sealSecret(secret), totp_enabled_at: new Date().toISOString() }).where("id", "=", member.id).execute();
    expect(openSecret((await db.selectFrom("admins").select("totp_secret").where("id", "=", member.id).executeTakeFirstOrThrow()).totp_secret!)).toBe(secret);
    const first = await call(login.action, "/users/login", "/users/login/", post({ username: "api-mfa", password: "api-mfa-password-long" }, { client: "10.9.1.1" }));
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ mfa_required: true, mfa_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expires_in: 300 });
    const mfa = (code: string, client = "10.9.1.1") => call(loginMfa.action, "/users/login/mfa", "/users/login/mfa/", post({ mfa_token: first.body.data.mfa_token, code }, { client }));
    expect(await mfa("000000")).toMatchObject({ status: 401, body: { status_code: 6001, error: "invalid_code" } });
    expect((await call(loginMfa.action, "/users/login/mfa", "/users/login/mfa/", post({ code: "123456" }))).status).toBe(400);
    const done = await mfa(await totpAt(secret, Date.now()));
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ token_type: "Bearer", user: { username: "api-mfa", role: "owner" }, password_change_required: false, mfa_enrolment_required: false });
    expect(done.headers.getSetCookie().some((c) => c.startsWith("__Host-admin_device=v1."))).toBe(true);
    expect((await mfa(await totpAt(secret, Date.now()))).body.error).toBe("invalid_mfa_token");
    // The right password keeps its point: four wrong codes, and the right one is refused, 429 with Retry-After.
    const again = await call(login.action, "/users/login", "/users/login/", post({ username: "api-mfa", password: "api-mfa-password-long" }, { client: "10.9.2.2" }));
    const step = (code: string, client = "10.9.2.2") => call(loginMfa.action, "/users/login/mfa", "/users/login/mfa/", post({ mfa_token: again.body.data.mfa_token, code }, { client }));
    // From another client the step's token is no token at all.
    expect(await step("111111", "10.9.2.3")).toMatchObject({ status: 401, body: { error: "invalid_mfa_token" } });
    for (let i = 0; i < 4; i++) expect((await step("111111")).status).toBe(401);
    const limited = await step(await totpAt(secret, Date.now() + 30_000));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(800);
  });

  it("a refresh retried within the grace window from the same client gets an access token and no refresh token", async () => {
    const member = await createOrResetAdmin("api-grace", "api-grace-password");
    const pair = await startSession(member);
    const first = await call(refresh.action, "/users/token/refresh", "/users/token/refresh/", post({ refresh_token: pair.refreshToken }, { client: "10.9.3.3" }));
    expect(first.status).toBe(200);
    expect(first.body.data.refresh_token).toMatch(/^ey/);
    const retry = await call(refresh.action, "/users/token/refresh", "/users/token/refresh/", post({ refresh_token: pair.refreshToken }, { client: "10.9.3.3" }));
    expect(retry.status).toBe(200);
    expect(retry.body.data.access_token).toMatch(/^ey/);
    expect("refresh_token" in retry.body.data).toBe(false);
    const thief = await call(refresh.action, "/users/token/refresh", "/users/token/refresh/", post({ refresh_token: pair.refreshToken }, { client: "10.9.4.4" }));
    expect(thief).toMatchObject({ status: 401, body: { error: "token_reused" } });
    expect((await call(refresh.action, "/users/token/refresh", "/users/token/refresh/", post({ refresh_token: first.body.data.refresh_token }, { client: "10.9.3.3" }))).status).toBe(401);
  });
});
