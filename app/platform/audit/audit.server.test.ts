import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { createKey, revokeKey } from "~/features/keys/api-keys.server";
import { parseAllowList } from "~/platform/lib/address-policy";
import { createEndpoint, redeliver, rotateSecret, sendTestEvent, updateEndpoint } from "~/features/webhooks/endpoints.server";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverAccountMail } from "~/features/sign-in/account-mail.server";
import { redeemSignInLink, requestSignInLink, signInLinkToken } from "~/features/sign-in/sign-in-link.server";
import { getDb } from "@db/db.server";
import { engineOf } from "@db/portable";
import { products } from "~/platform/catalog/catalog";
import { changePassword, confirmMfa, disableMfa, endOtherSessions, endOwnSession, renewRecoveryCodes, setOwnEmail, setOwnNotices, startMfaEnrolment } from "~/features/account/own-account.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { authenticateApi, requireApiAdmin } from "~/features/sessions/guard.server";
import { attemptLogin, completeMfaLogin } from "~/features/sign-in/login.server";
import { authenticateAccessToken, refreshSession, startSession } from "~/features/sessions/sessions.server";
import { newTotpSecret, openSecret, sealSecret, totpAt } from "~/features/sign-in/totp.server";
import { addMember, resetMemberPassword, unlockSecondStep, updateMember } from "~/features/team/members.server";
import { completePasswordReset, requestPasswordReset } from "~/features/sign-in/password-reset.server";
import { deliverMail, mailFolder } from "~/platform/mail/mail.server";
import { registrationsCsv } from "~/features/registrations/registrations.server";
import * as registrationsList from "~/routes/api/registrations-list";
import { callApi } from "../../../tests/unit/api";
import { requestGuard } from "~/platform/http/request-guard.server";
import { acceptInvitation } from "~/features/team/invitations.server";
import { setMfaRequired } from "~/features/team/settings.server";
import { createBatch, newBatchOf, revokeBatch } from "~/features/batches/batches.server";
import { liftRecall, recallBatch } from "~/features/batches/recalls.server";
import { exportBatch } from "~/features/print-files/exports.server";
import { batchCodesPage } from "~/features/batches/batch-codes.server";
import { presentCodesFor } from "~/platform/codes/code-reads.server";
import { changeAlertStatus } from "~/features/alerts/alerts.server";
import { changeReportStatus, createReport } from "~/features/reports/reports.server";
import { exportScans } from "~/features/scans/scan-log.server";
import { checkFrom, member as memberOf } from "../../../tests/unit/checks";
import { createCode, deleteCode, expireCode } from "~/features/code-admin/codes.server";
import { action as apiLogout } from "~/routes/api/users-logout";
import { routeArgs } from "../../../tests/unit/request-context";
import { AUDIT_ACTIONS } from "./actions";
import { auditEntries, listAudit } from "~/composers/audit-log/audit-list.server";
import { exportAudit } from "~/composers/audit-log/audit-export.server";
import { recordAudit, setAuditSink } from "./audit.server";
import { listenToEdgeRefusals, recordRefusal, REFUSALS_PER_MINUTE } from "./refusals.server";
import { recallParts } from "../../../tests/unit/recall-parts";

const lines: string[] = [];
let restore: ReturnType<typeof setAuditSink>;

beforeAll(() => {
  restore = setAuditSink((line) => lines.push(line));
});
afterAll(() => {
  setAuditSink(restore);
});

describe("an entry", () => {
  it("has time, actor, action, target, keyed client hash and outcome, and is one JSON line on stdout", async () => {
    const before = lines.length;
    const entry = await recordAudit({ action: "code.created", actor: { id: "a1", username: "writer" }, target: "code:1", clientHash: "hash-1", detail: { product_id: "p" } });
    expect(lines.length).toBe(before + 1);
    const line = lines.at(-1)!;
    expect(line.endsWith("\n")).toBe(true);
    expect(line.trim().includes("\n")).toBe(false);
    expect(JSON.parse(line)).toEqual({ type: "audit", ...entry, detail: { product_id: "p" } });
    expect(entry.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const db = await getDb();
    expect(await db.selectFrom("audit_log").selectAll().where("id", "=", entry.id).executeTakeFirst()).toEqual(entry);
  });

  it("can never be edited or deleted: the database refuses", async () => {
    const entry = await recordAudit({ action: "sign_out", actor: { id: "a2", username: "keeper" }, target: "session:1" });
    const db = await getDb();
    await expect(db.updateTable("audit_log").set({ outcome: "failure" }).where("id", "=", entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").where("id", "=", entry.id).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    expect(await db.selectFrom("audit_log").selectAll().where("id", "=", entry.id).executeTakeFirst()).toEqual(entry);
  });

  it("cannot be replaced by an insert with its id: an upsert on both engines, INSERT OR REPLACE and rowid on SQLite", async () => {
    const entry = await recordAudit({ action: "sign_out", actor: { id: "a3", username: "replaced" }, target: "session:2" });
    const db = await getDb();
    const forged = { ...entry, actor: "forger", outcome: "failure" as const, detail: null };
    // Portable: INSERT … ON CONFLICT (id) DO UPDATE is an UPDATE, and refused.
    await expect(
      db.insertInto("audit_log").values(forged).onConflict((oc) => oc.column("id").doUpdateSet({ actor: "forger", outcome: "failure" })).execute(),
    ).rejects.toThrow(/append-only/);
    // A plain insert of a taken id is refused too (by the guard on SQLite, by the key on PostgreSQL).
    await expect(db.insertInto("audit_log").values(forged).execute()).rejects.toThrow();
    if (engineOf(db) === "sqlite") {
      const cols = sql`(id, created_at, actor_id, actor, action, target, outcome, client_hash, detail)`;
      const values = (id: string) => sql`(${id}, ${entry.created_at}, null, 'forger', 'sign_out', null, 'failure', null, null)`;
      await expect(sql`INSERT OR REPLACE INTO audit_log ${cols} VALUES ${values(entry.id)}`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`REPLACE INTO audit_log ${cols} VALUES ${values(entry.id)}`.execute(db)).rejects.toThrow(/append-only/);
      // A new id on the entry's rowid would replace it as well.
      const { rowid } = (await sql<{ rowid: number }>`SELECT rowid FROM audit_log WHERE id = ${entry.id}`.execute(db)).rows[0]!;
      await expect(
        sql`INSERT OR REPLACE INTO audit_log (rowid, id, created_at, actor, action, outcome) VALUES (${rowid}, 'new-id', ${entry.created_at}, 'forger', 'sign_out', 'failure')`.execute(db),
      ).rejects.toThrow(/append-only/);
    }
    expect(await db.selectFrom("audit_log").selectAll().where("id", "=", entry.id).executeTakeFirst()).toEqual(entry);
    // New entries are still written.
    expect((await recordAudit({ action: "sign_out", actor: { id: "a3", username: "replaced" }, target: "session:3" })).id).not.toBe(entry.id);
  });
});

describe("reading the trail", () => {
  it("filters by actor, action and dates, newest first, ten a page", async () => {
    for (let i = 0; i < 12; i++) {
      await recordAudit({ action: i % 2 ? "code.expired" : "code.deleted", actor: { id: "r", username: "reader-filter" }, target: `code:${i}`, at: new Date(Date.UTC(2030, 0, 1 + i, 12)) });
    }
    const all = await listAudit({ actor: "reader-filter" }, 1);
    expect(all.pagination).toEqual({ page: 1, total_pages: 2, total_count: 12 });
    expect(all.items.map((e) => e.target)).toEqual(["code:11", "code:10", "code:9", "code:8", "code:7", "code:6", "code:5", "code:4", "code:3", "code:2"]);
    const expired = await listAudit({ actor: "reader-filter", action: "code.expired" }, 1);
    expect(expired.pagination.total_count).toBe(6);
    const range = await listAudit({ actor: "reader-filter", from: "2030-01-03", to: "2030-01-05" }, 1);
    expect(range.items.map((e) => e.target)).toEqual(["code:4", "code:3", "code:2"]);
    expect((await listAudit({ actor: "reader-filter" }, 3)).items).toEqual([]);
    const streamed: string[] = [];
    for await (const e of auditEntries({ actor: "reader-filter" }, 5)) streamed.push(e.target!);
    expect(streamed).toHaveLength(12);
    expect(streamed[0]).toBe("code:11");
  });

  it("exports CSV with the screen's filters, neutralising spreadsheet formulas, and records the export", async () => {
    await recordAudit({ action: "sign_in.failure", actor: { id: null, username: "=cmd|' /C calc'!A0" }, outcome: "failure", target: null });
    await recordAudit({ action: "sign_in.failure", actor: { id: null, username: 'say "hi", then go' }, outcome: "failure", target: null });
    const { request, context } = await routeArgs(new Request("http://localhost:3000/admin/dashboard/audit/export.csv?action=sign_in.failure&lng=en"));
    const response = await exportAudit(request, context, { id: "o", username: "csv-owner" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await response.text();
    const rows = text.replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(rows[0]).toBe("id,created_at,actor,action,target,outcome,client_hash,detail");
    expect(rows.slice(1).every((r) => r.includes(",sign_in.failure,"))).toBe(true);
    expect(text).toContain(`,'=cmd|' /C calc'!A0,sign_in.failure,`);
    expect(text).toContain(`,"say ""hi"", then go",sign_in.failure,`);
    const db = await getDb();
    expect(await db.selectFrom("audit_log").select("action").where("actor", "=", "csv-owner").execute()).toEqual([{ action: "audit.exported" }]);
    const bad = await routeArgs(new Request("http://localhost:3000/admin/dashboard/audit/export.csv?from=2030-13-45"));
    expect((await exportAudit(bad.request, bad.context, { id: "o", username: "csv-owner" })).status).toBe(400);
  });
});

describe("every action the issue lists is recorded", () => {
  it("sign-in, sessions, account, team, codes, refusals and exports each leave their entry (and their JSON line)", async () => {
    const linesBefore = lines.length;
    const db = await getDb();
    const ownerRow = await createOrResetAdmin("audit-owner", "audit-password-long");
    const ownerPair = await startSession(ownerRow);
    const owner = (await authenticateAccessToken(ownerPair.accessToken))!;
    const by = { admin: owner, clientHash: "client-owner" };

    // Sign-in: success, failure, lockout; refresh-token reuse; sign-out.
    await attemptLogin({ username: "audit-owner", password: "audit-password-long", clientKey: "c-audit" });
    for (let i = 0; i < 6; i++) await attemptLogin({ username: "audit-owner", password: "wrong-password", clientKey: "c-audit-bad" });
    const pair = await startSession(ownerRow);
    await refreshSession(pair.refreshToken, { clientHash: "a" });
    await refreshSession(pair.refreshToken, { clientHash: "b" });
    const logout = await routeArgs(new Request("http://localhost:3000/api/v1/users/logout/", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ refresh_token: (await startSession(ownerRow)).refreshToken }) }));
    expect((await apiLogout(logout as never)).status).toBe(200);

    // Team changes.
    const added = await addMember(by, { username: "audit-member", role: "viewer", delivery: { kind: "link" } });
    if (!added.ok || !added.value.invitationUrl) throw new Error("member not added");
    await acceptInvitation(added.value.invitationUrl.split("/").at(-1)!, "audit-member-lantern-7", "c-member");
    const memberId = added.value.member.id;
    await updateMember(by, memberId, { role: "editor" });
    await updateMember(by, memberId, { disabled: true });
    await updateMember(by, memberId, { disabled: false });
    await resetMemberPassword(by, memberId, { kind: "password" });
    await setMfaRequired(by, true);
    await setMfaRequired(by, false);

    // The member's own account: password, two-factor, sessions; a second factor at sign-in.
    const member = await createOrResetAdmin("audit-self", "audit-self-password");
    const memberPair = await startSession(member);
    await startSession(member);
    const self = (await authenticateAccessToken(memberPair.accessToken))!;
    const who = { admin: self, clientHash: "client-self" };
    await changePassword(who, { current: "audit-self-password", next: "copper-meadow-lantern-44" });
    await startMfaEnrolment(who);
    const secret = openSecret((await db.selectFrom("admins").select("totp_secret").where("id", "=", self.id).executeTakeFirstOrThrow()).totp_secret!)!;
    const now = Date.now();
    await confirmMfa(who, await totpAt(secret, now - 30_000), now);
    const renewed = await renewRecoveryCodes(who, await totpAt(secret, now));
    await attemptLogin({ username: "audit-self", password: "copper-meadow-lantern-44", clientKey: "c-self" });
    if (renewed.ok) await disableMfa(who, renewed.value.recoveryCodes[0]!);
    const third = await startSession(member);
    await endOwnSession(who, (await authenticateAccessToken(third.accessToken))!.sessionId);
    await endOtherSessions(who);

    // Codes.
    const code = await createCode({ code: "AUDIT12345", productId: products[0]!.id }, { actor: owner, clientHash: "client-owner" });
    if (!code.ok) throw new Error("code not created");
    await expireCode(code.value.id, { actor: owner, clientHash: "client-owner" });
    await deleteCode(code.value.id, { actor: owner, clientHash: "client-owner" });

    // A print run: made, its printer file downloaded, revoked.
    const asOwner = { actor: owner, clientHash: "client-owner" };
    const run = await createBatch(newBatchOf({ product_id: products[1]!.id, quantity: 3, lot: "AUDIT-RUN", manufactured_on: undefined, best_before: undefined, market: undefined }, owner.id), { by: asOwner });
    if (!run.ok) throw new Error("run not created");
    const download = await exportBatch({ kind: "csv", batchId: run.value.id, language: "en", caption: "", by: asOwner });
    if (download.ok) await download.value.text();
    // Its codes read in full on a page (decision 149), and one searched for (decision 170).
    await presentCodesFor({ admin: { id: owner.id, username: owner.username, role: "owner" }, clientHash: "client-owner" }, (await batchCodesPage(run.value, 1)).items, { batchId: run.value.id, lot: run.value.lot, page: 1 });
    await presentCodesFor({ admin: { id: owner.id, username: owner.username, role: "owner" }, clientHash: "client-owner" }, [], { page: 1, search: true });
    // Recalled, the recall updated and lifted (a recalled run cannot be revoked), then revoked.
    const notice = { ...recallParts, notice_en: "Stop using it and return it to the shop.", notice_ar: "يُرجى التوقّف عن استخدامه وإعادته إلى المتجر." };
    expect(await recallBatch(run.value.id, { ...recallParts, ...notice, by: owner.id, audit: asOwner })).toMatchObject({ ok: true, value: { created: true } });
    expect(await recallBatch(run.value.id, { ...recallParts, ...notice, notice_en: "Stop using it.", by: owner.id, audit: asOwner })).toMatchObject({ ok: true, value: { created: false } });
    expect(await liftRecall(run.value.id, { by: owner.id, audit: asOwner })).toMatchObject({ ok: true });
    await revokeBatch(run.value.id, { reason: "misprint", revokedBy: owner.id, by: asOwner });

    // Brand protection: the scan log downloaded, an alert and a counterfeit report moved along.
    await new Response(exportScans({ outcome: "invalid" } as never, asOwner)).text();
    const at = new Date().toISOString();
    await db
      .insertInto("alerts")
      .values({ id: "audit-alert", kind: "guessing", subject: "guessing:audit", status: "open", code_id: null, code: null, product_id: null, batch_id: null, detail: "{}", scans_count: 1, created_at: at, updated_at: at, acknowledged_at: null, acknowledged_by: null, closed_at: null, closed_by: null })
      .execute();
    const analyst = memberOf(owner.id, owner.username);
    await changeAlertStatus("audit-alert", "acknowledged", analyst, "client-owner");
    const fake = await checkFrom("AUDITFAKE9", "client-shopper", "SA");
    const filed = await createReport({ input: { scan_id: fake.scanId, seller: "Stall 4", city: "Doha", country: "QA", purchased_on: at.slice(0, 10), contact: null, consent: true, website: undefined }, photo: null, lang: "en", clientHash: "client-shopper" });
    if (!filed.ok || !filed.value.report) throw new Error("report not filed");
    await changeReportStatus(filed.value.report.id, "investigating", "Called the seller", analyst, "client-owner");

    // A refusal and an export.
    const viewer = await createOrResetAdmin("audit-viewer", "audit-viewer-password", { role: "viewer" });
    const viewerToken = (await startSession(viewer)).accessToken;
    const refused = await routeArgs(new Request("http://localhost:3000/api/v1/audit/list/", { headers: { Authorization: `Bearer ${viewerToken}` } }));
    await expect(requireApiAdmin({ ...refused, pattern: "/api/v1/audit/list", operation: { permission: "audit:read" } })).rejects.toMatchObject({ status: 403 });
    const csv = await routeArgs(new Request("http://localhost:3000/admin/dashboard/audit/export.csv"));
    await (await exportAudit(csv.request, csv.context, owner)).text();

    // Decision 150's refusals: a cross-site write, a forged token, a team change against the rules, and
    // one client's refusals past their budget; a second step locked by guessing, then unlocked.
    listenToEdgeRefusals();
    const cross = await routeArgs(new Request("http://localhost:3000/admin/dashboard/team", { method: "POST", headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded", "x-client-address": "10.66.0.1" }, body: "a=1" }));
    expect(((await requestGuard(cross as never, async () => new Response("reached"))) as Response).status).toBe(403);
    await expect(authenticateApi(new Request("http://localhost:3000/api/v1/codes/list/", { headers: { Authorization: "Bearer not.a.jwt" } }))).rejects.toMatchObject({ status: 401 });
    expect(await updateMember(by, owner.id, { disabled: true })).toEqual({ ok: false, error: "cannot_disable_self" });
    for (let i = 0; i <= REFUSALS_PER_MINUTE; i++) await recordRefusal({ action: "request.refused", actor: null, target: "page:/flood", clientHash: "client-flood" });
    const guessed = await createOrResetAdmin("audit-guessed", "audit-guessed-password", { role: "viewer" });
    await db.updateTable("admins").set({ totp_secret: sealSecret(newTotpSecret()), totp_enabled_at: at }).where("id", "=", guessed.id).execute();
    for (let c = 0; c < 3; c++) {
      const step = await attemptLogin({ username: "audit-guessed", password: "audit-guessed-password", clientKey: `c-guess-${c}` });
      if (!step.ok || step.value.step !== "mfa_required") throw new Error("no second step");
      for (let g = 0; g < 4; g++) await completeMfaLogin({ mfaToken: step.value.mfaToken, code: "000000", clientKey: `c-guess-${c}` });
    }
    expect(await unlockSecondStep(by, guessed.id)).toMatchObject({ ok: true, value: { mfa_locked: false } });
    const apiKey = await createKey(by, { name: "audit key", scopes: ["read:scans"], expiresAt: null });
    expect(await revokeKey(by, apiKey.key.id)).toMatchObject({ ok: true });
    // Managed webhooks (decision 160): a name under .invalid never resolves when sent, so nothing leaves the machine.
    const hook = await createEndpoint(by, { url: "https://hooks.invalid/in", events: ["alert.created"], enabled: true }, { policy: { allowHttp: false, allowPrivate: parseAllowList(""), resolve: async () => [{ address: "93.184.216.34", family: 4 }] } });
    if (!hook.ok) throw new Error(hook.error);
    await updateEndpoint(by, hook.value.webhook.id, { enabled: false });
    await rotateSecret(by, hook.value.webhook.id);
    const ping = await sendTestEvent(by, hook.value.webhook.id);
    if (!ping.ok) throw new Error(ping.error);
    await redeliver(by, hook.value.webhook.id, ping.value.id);

    // Mail (decision 161): an address set by an owner and by the member; a forgotten password reset
    // through the link the mail folder holds (no SMTP_URL in the tests: .eml files).
    const forgetful = await createOrResetAdmin("audit-forgetful", "audit-forgetful-password", { role: "viewer" });
    expect(await updateMember(by, forgetful.id, { email: "audit.forgetful@example.com" })).toMatchObject({ ok: true });
    const forgetfulPair = await startSession(forgetful);
    const forgetfulWho = { admin: (await authenticateAccessToken(forgetfulPair.accessToken))!, clientHash: "client-forgetful" };
    expect(await setOwnEmail(forgetfulWho, "audit.forgetful.2@example.com")).toEqual({ ok: true, value: true });
    // Notices about alerts and reports (decision 164): a daily digest, in Arabic.
    expect(await setOwnNotices(forgetfulWho, "daily", "ar")).toEqual({ ok: true, value: true });
    const asked = await requestPasswordReset({ identifier: "audit-forgetful", clientHash: "client-forgetful", lang: "en" });
    if (!asked.ok) throw new Error("password reset refused");
    await deliverAccountMail();
    // The mail is sent after the answer, by whichever loop claims it first (this one or the kick's):
    // wait until its file is there.
    const resetToken = await (async () => {
      for (let tries = 0; tries < 100; tries++) {
        await deliverMail();
        // The folder is the run's (other test files write there too): this member's mail only.
        const names = existsSync(mailFolder()) ? readdirSync(mailFolder()) : [];
        const mails = await Promise.all(names.map(async (name) => simpleParser(await readFile(join(mailFolder(), name)))));
        const mine = mails.filter((mail) => JSON.stringify(mail.headers.get("to") ?? "").includes("audit.forgetful.2@example.com"));
        const token = mine.map((mail) => /reset-password\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? "")?.[1]).find(Boolean);
        if (token) return token;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return undefined;
    })();
    expect(await completePasswordReset(resetToken!, "audit-forgotten-meadow-91", "client-forgetful")).toMatchObject({ ok: true });
    // A sign-in link for a new browser (decision 171): asked for, then used.
    expect(await requestSignInLink({ identifier: "audit-forgetful", clientHash: "client-forgetful", lang: "en" })).toEqual({ ok: true, value: null });
    await deliverAccountMail();
    expect(await redeemSignInLink(signInLinkToken("audit-forgetful", new Date(Date.now() + 60_000)), "client-forgetful")).toMatchObject({ ok: true });
    // Registered buyers (decision 162): an owner lists them by API and downloads a run's list.
    const registeredRun = await createBatch({ productId: products[0]!.id, quantity: 1, lot: "AUDIT-REG", createdBy: owner.id });
    if (!registeredRun.ok) throw new Error(registeredRun.error);
    const listed = await callApi(registrationsList.loader, "http://localhost:3000/api/v1/registrations/list/", { auth: (await startSession(ownerRow)).accessToken });
    expect(listed.status).toBe(200);
    await registrationsCsv(registeredRun.value.id, { actor: { id: owner.id, username: owner.username }, clientHash: "client-owner" });

    const recorded = new Set((await db.selectFrom("audit_log").select("action").distinct().execute()).map((r) => r.action));
    const missing = AUDIT_ACTIONS.filter((action) => !recorded.has(action));
    expect(missing).toEqual([]);
    // Each entry has its line on stdout.
    const logged = lines.slice(linesBefore).map((l) => JSON.parse(l).action as string);
    for (const action of AUDIT_ACTIONS) expect(logged, action).toContain(action);

    // Who, what, on what, and how it ended, as they should read.
    const entry = async (action: string, actor: string) => db.selectFrom("audit_log").selectAll().where("action", "=", action).where("actor", "=", actor).orderBy("created_at", "desc").executeTakeFirstOrThrow();
    expect(await entry("sign_in.locked", "audit-owner")).toMatchObject({ outcome: "refused", target: null });
    expect(await entry("sign_in.failure", "audit-owner")).toMatchObject({ outcome: "failure", client_hash: "c-audit-bad" });
    expect(await entry("team.role_changed", "audit-owner")).toMatchObject({ target: "admin:audit-member", detail: JSON.stringify({ from: "viewer", to: "editor" }) });
    expect(await entry("access.denied", "audit-viewer")).toMatchObject({ outcome: "refused", target: "api:GET /api/v1/audit/list" });
    expect(await entry("code.created", "audit-owner")).toMatchObject({ target: `code:${code.value.id}` });
    expect(await entry("code.deleted", "audit-owner")).toMatchObject({ target: "code:AUDIT12345" });
    expect(await entry("session.refresh_reused", "audit-owner")).toMatchObject({ outcome: "refused", client_hash: "b" });
  });
});
