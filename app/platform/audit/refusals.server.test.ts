import { SignJWT } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { authenticateApi, requireApiAdmin } from "~/features/sessions/guard.server";
import { authenticateAccessToken, endSession, startSession } from "~/features/sessions/sessions.server";
import { clientHash } from "~/platform/http/client.server";
import { requestGuard } from "~/platform/http/request-guard.server";
import { updateMember } from "~/features/team/members.server";
import { requestContext } from "../../../tests/unit/request-context";
import { listenToEdgeRefusals, recordRefusal, REFUSALS_PER_MINUTE } from "./refusals.server";

// Refusals in the audit trail (decision 150), each kind through the real code that refuses it, and the
// per-client budget that keeps a flood from filling the disk.

const hashOf = (client: string) => clientHash(new Request("http://localhost:3000/", { headers: { "x-client-address": client } }));

async function entriesOf(client: string, action?: string) {
  const db = await getDb();
  let query = db.selectFrom("audit_log").selectAll().where("client_hash", "=", hashOf(client));
  if (action) query = query.where("action", "=", action);
  return query.orderBy("created_at").orderBy("id").execute();
}

beforeAll(() => {
  listenToEdgeRefusals();
});

describe("refusals in the audit trail", () => {
  it("a cross-site POST (a page and the API) is refused 403 and recorded, without the path's secret", async () => {
    const client = "10.77.0.1";
    const guard = async (path: string) => {
      const request = new Request(`http://localhost:3000${path}`, {
        method: "POST",
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", "Content-Type": "application/x-www-form-urlencoded", "x-client-address": client },
        body: "a=1",
      });
      const context = await requestContext(request);
      return (await requestGuard({ request, context, params: {} } as never, async () => new Response("reached"))) as Response;
    };
    expect((await guard("/admin/dashboard/team")).status).toBe(403);
    expect((await guard("/api/v1/codes/create/")).status).toBe(403);
    expect((await guard("/admin/invitation/Qx3_vY9-kL2mN8pR4sT6uW1zA5bC7dE0fG2hJ4kM6nP")).status).toBe(403);
    const entries = await entriesOf(client, "request.refused");
    expect(entries.every((e) => e.outcome === "refused" && e.actor === "system" && e.detail === JSON.stringify({ reason: "cross_site", method: "POST" }))).toBe(true);
    expect(entries.map((e) => e.target).sort()).toEqual(["api:/api/v1/codes/create/", "page:/admin/dashboard/team", "page:/admin/invitation/[redacted]"]);
  });

  it("an API call with `alg: none` or a bad signature is recorded; an expired or revoked token of ours is not", async () => {
    const client = "10.77.0.2";
    const member = await createOrResetAdmin("refusal-token-owner", "refusal-token-password");
    const call = async (token: string) => {
      const request = new Request("http://localhost:3000/api/v1/codes/list/", { headers: { Authorization: `Bearer ${token}`, "x-client-address": client } });
      const thrown = await authenticateApi(request).then(
        () => null,
        (e: unknown) => e as Response,
      );
      return thrown?.status ?? 200;
    };
    const claims = { usr: member.username, sid: "some-session", iss: "lunara", aud: "lunara:admin-access", sub: member.id, jti: "j1" };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const none = `${b64({ alg: "none", typ: "at+jwt" })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
    const forged = await new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "at+jwt" }).setExpirationTime("10m").sign(new TextEncoder().encode("not-the-server-secret-0123456789abcdef"));
    expect(await call(none)).toBe(401);
    expect(await call(forged)).toBe(401);
    expect(await call("not.a.jwt")).toBe(401);
    const pair = await startSession(member);
    expect(await call(pair.accessToken)).toBe(200);
    await endSession({ refreshToken: pair.refreshToken });
    expect(await authenticateAccessToken(pair.accessToken)).toBeNull();
    expect(await call(pair.accessToken)).toBe(401);
    const entries = await entriesOf(client, "api.token_refused");
    expect(entries.map((e) => JSON.parse(e.detail!).flaw).sort()).toEqual(["alg_not_allowed", "bad_signature", "malformed"]);
    expect(entries.every((e) => e.outcome === "refused" && e.target === "api:GET /api/v1/codes/list/")).toBe(true);
  });

  it("a team change the rules refuse (cannot_disable_self, last_owner) is recorded with the rule", async () => {
    const client = "10.77.0.3";
    const created = await createOrResetAdmin("refusal-team-owner", "refusal-team-password");
    const admin = (await authenticateAccessToken((await startSession(created)).accessToken))!;
    const by = { admin, clientHash: hashOf(client) };
    expect(await updateMember(by, admin.id, { disabled: true })).toEqual({ ok: false, error: "cannot_disable_self" });
    const db = await getDb();
    await db.updateTable("admins").set({ role: "viewer" }).where("role", "=", "owner").where("id", "!=", admin.id).execute();
    expect(await updateMember(by, admin.id, { role: "viewer" })).toEqual({ ok: false, error: "last_owner" });
    const entries = await entriesOf(client, "team.change_refused");
    expect(entries.every((e) => e.actor === "refusal-team-owner" && e.target === "admin:refusal-team-owner" && e.outcome === "refused")).toBe(true);
    expect(entries.map((e) => JSON.parse(e.detail!).error).sort()).toEqual(["cannot_disable_self", "last_owner"]);
  });

  it(`at most ${REFUSALS_PER_MINUTE} entries per client a minute, then one saying so; other clients are still recorded`, async () => {
    const flood = "10.77.0.4";
    const results = [];
    for (let i = 0; i < REFUSALS_PER_MINUTE + 30; i++) {
      results.push(await recordRefusal({ action: "request.refused", actor: null, target: `page:/x${i}`, clientHash: hashOf(flood), detail: { reason: "cross_site" } }));
    }
    expect(results.filter(Boolean)).toHaveLength(REFUSALS_PER_MINUTE);
    expect(await entriesOf(flood, "request.refused")).toHaveLength(REFUSALS_PER_MINUTE);
    const limited = await entriesOf(flood, "audit.refusals_limited");
    expect(limited).toHaveLength(1);
    expect(JSON.parse(limited[0]!.detail!)).toMatchObject({ per_minute: REFUSALS_PER_MINUTE, after: "request.refused" });
    expect(await recordRefusal({ action: "request.refused", actor: null, target: "page:/y", clientHash: hashOf("10.77.0.5") })).toBe(true);
  });

  it("access.denied (a role knocking on what it may not open) is capped as the other refusals are (issue 42, N7)", async () => {
    const client = "10.77.0.6";
    const created = await createOrResetAdmin("refusal-knocking-viewer", "refusal-viewer-password");
    const db = await getDb();
    await db.updateTable("admins").set({ role: "viewer", must_change_password: 0 }).where("id", "=", created.id).execute();
    const { accessToken } = await startSession(created);
    const statuses = [];
    for (let i = 0; i < REFUSALS_PER_MINUTE + 30; i++) {
      const request = new Request("http://localhost:3000/api/v1/audit/list/", { headers: { Authorization: `Bearer ${accessToken}`, "x-client-address": client } });
      const context = await requestContext(request);
      const thrown = await requireApiAdmin({ request, context, pattern: "/api/v1/audit/list" }).then(
        () => null,
        (e: unknown) => e as Response,
      );
      statuses.push(thrown?.status ?? 200);
    }
    expect(statuses.every((s) => s === 403)).toBe(true);
    expect(await entriesOf(client, "access.denied")).toHaveLength(REFUSALS_PER_MINUTE);
    const limited = await entriesOf(client, "audit.refusals_limited");
    expect(limited).toHaveLength(1);
    expect(JSON.parse(limited[0]!.detail!)).toMatchObject({ after: "access.denied" });
  });
});
