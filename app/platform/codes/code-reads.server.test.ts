import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// A low limit for this file only (each test file runs in its own process).
vi.hoisted(() => {
  process.env.CODE_READ_RATE_LIMIT = "3";
});

import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { adminContext } from "~/features/sessions/guard.server";
import type { Role } from "~/platform/access/permissions";
import { createBatch, revokeBatch } from "~/features/batches/batches.server";
import { products } from "~/platform/catalog/catalog";
import { loader as batchPage } from "~/routes/admin/batch";
import { loader as batchDownload } from "~/routes/admin/batch-export";
import { loader as codesPage } from "~/routes/admin/codes";
import * as codesCsv from "~/routes/api/batches-codes-csv";
import * as labelsPdf from "~/routes/api/batches-labels-pdf";
import * as labelsZip from "~/routes/api/batches-labels-zip";
import * as list from "~/routes/api/codes-list";
import { startSession } from "~/features/sessions/sessions.server";
import { callApi } from "../../../tests/unit/api";
import { emptyTables } from "../../../tests/unit/db";
import { requestContext } from "../../../tests/unit/request-context";
import { plain } from "../../../tests/unit/codes";
import { checkFrom } from "../../../tests/unit/checks";

const API = "http://localhost:3000/api/v1";
const members: Record<Role, { id: string; username: string; token: string }> = {} as never;

beforeAll(async () => {
  for (const role of ["owner", "editor", "viewer"] as const) {
    const admin = await createOrResetAdmin(`reads-${role}`, `reads-${role}-password-long`, { role });
    members[role] = { id: admin.id, username: admin.username, token: (await startSession({ id: admin.id, username: admin.username })).accessToken };
  }
});

let runId = "";
let runCodes: string[] = [];
/** The trail is append-only: each test reads the entries written since it began. */
let since = "";

beforeEach(async () => {
  await emptyTables("scans", "codes", "batches", "rate_limits");
  since = new Date().toISOString();
  const run = await createBatch({ productId: products[0]!.id, quantity: 12, lot: "READS-1", createdBy: members.owner.id });
  if (!run.ok) throw new Error(run.error);
  runId = run.value.id;
  const db = await getDb();
  const rows = await db.selectFrom("codes").select(["code_hash", "code_enc", "serial"]).where("batch_id", "=", runId).orderBy("serial").execute();
  runCodes = rows.map(plain);
});

const listAs = (role: Role, query = `?batch=${runId}`) => callApi(list.loader, `${API}/codes/list/${query}`, { auth: members[role].token });

async function codeReads(actorId: string) {
  const db = await getDb();
  return db.selectFrom("audit_log").selectAll().where("action", "=", "codes.read").where("actor_id", "=", actorId).where("created_at", ">=", since).orderBy("created_at").execute();
}

/** A page loader called as the admin layout's guard leaves it: the member in the context, the language set. */
async function asMember(role: Role, url: string, loader: (args: never) => unknown, params: Record<string, string> = {}) {
  const request = new Request(url);
  const context = await requestContext(request);
  const member = members[role];
  context.set(adminContext, { id: member.id, username: member.username, role, sessionId: "s", mfaEnabled: false, mustChangePassword: false, mfaRequired: false });
  try {
    return await loader({ request, context, params } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** What a page loader answered: its data (privateData wraps it), or the status and data it threw. */
function pageData(result: unknown): { status: number; data: Record<string, unknown> } {
  const value = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (value && value.type === "DataWithResponseInit") return { status: value.init?.status ?? 200, data: value.data as Record<string, unknown> };
  return { status: 200, data: result as Record<string, unknown> };
}

describe("reading codes by role (API)", () => {
  it("owner and editor read a run's active codes in full, each page audited with the run and the count", async () => {
    for (const role of ["owner", "editor"] as const) {
      const res = await listAs(role);
      expect(res.status).toBe(200);
      const codes = res.body.data.codes as { code: string; masked: boolean }[];
      expect(codes.map((c) => c.code)).toEqual(runCodes.slice(0, 10));
      expect(codes.every((c) => !c.masked)).toBe(true);
      const entries = await codeReads(members[role].id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ target: "batch:READS-1", outcome: "success" });
      expect(JSON.parse(entries[0]!.detail!)).toEqual({ batch: runId, page: 1, active_codes: 10 });
    }
  });

  it("a viewer reads every active code masked (••••-••••: nothing of it), and a list costs nothing", async () => {
    const res = await listAs("viewer");
    expect(res.status).toBe(200);
    const codes = res.body.data.codes as { code: string; masked: boolean }[];
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatchObject({ masked: true, code: "••••-••••" });
    for (const code of runCodes) expect(JSON.stringify(res.body)).not.toContain(code.slice(0, 4));
    // Lists are unlimited for a viewer: nothing is shown that counts.
    for (let i = 0; i < 4; i++) expect((await listAs("viewer")).status).toBe(200);
    expect(await codeReads(members.viewer.id)).toEqual([]);
  });

  it("a viewer cannot learn an active code by searching (issue 42, N1): every search counts against the limit and is recorded, found or not; past it 429, before any count is shown", async () => {
    const searches = [`?code=${runCodes[3]}`, "?code=ZZZZ9999", `?code=${runCodes[4]}&batch=${runId}`];
    for (const query of searches) {
      const found = await listAs("viewer", query);
      expect(found.status).toBe(200);
      for (const c of found.body.data.codes) expect(c).toMatchObject({ masked: true, code: "••••-••••" });
    }
    const refused = await listAs("viewer", `?code=${runCodes[5]}`);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status_code: 6001, data: null, error: "rate_limited" });
    expect(await listAs("viewer", "?code=ZZZZ9998")).toMatchObject({ status: 429, body: { data: null } });
    const db = await getDb();
    const entries = await db.selectFrom("audit_log").selectAll().where("action", "=", "codes.searched").where("actor_id", "=", members.viewer.id).where("created_at", ">=", since).orderBy("created_at").execute();
    expect(entries.map((e) => JSON.parse(e.detail!))).toEqual([
      { batch: null, found: 1, masked: true },
      { batch: null, found: 0, masked: true },
      { batch: runId, found: 1, masked: true },
    ]);
    expect(entries.map((e) => e.target)).toEqual(["codes:list", "codes:list", "batch:READS-1"]);
    // No entry names a code.
    for (const code of runCodes) expect(JSON.stringify(entries)).not.toContain(code);
  });

  it("an editor's search that shows an active code in full counts once", async () => {
    const found = await listAs("editor", `?code=${runCodes[2]}`);
    expect(found.body.data.codes).toEqual([expect.objectContaining({ code: runCodes[2], masked: false })]);
    for (let i = 0; i < 2; i++) expect((await listAs("editor")).status).toBe(200);
    expect((await listAs("editor")).status).toBe(429);
  });

  it("a used code is shown in full to a viewer (it no longer verifies); the Expired tab costs nothing", async () => {
    await checkFrom(runCodes[0]!, "reader-test");
    const expired = await listAs("viewer", `?batch=${runId}&status=expired`);
    expect(expired.body.data.codes).toEqual([expect.objectContaining({ code: runCodes[0], masked: false, status: "expired", verified_at: expect.any(String) })]);
    for (let i = 0; i < 5; i++) expect((await listAs("owner", `?batch=${runId}&status=expired`)).status).toBe(200);
    expect(await codeReads(members.owner.id)).toEqual([]);
  });

  it("past CODE_READ_RATE_LIMIT pages an hour, a full read is refused: 429, 6001, Retry-After, localized", async () => {
    for (let i = 0; i < 3; i++) expect((await listAs("editor")).status).toBe(200);
    const refused = await listAs("editor");
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status_code: 6001, data: null, error: "rate_limited" });
    expect(refused.body.message).toMatch(/Too many attempts/);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const ar = await listAs("editor", `?batch=${runId}&lng=ar`);
    expect(ar.status).toBe(429);
    expect(ar.body.message).toMatch(/محاولات كثيرة/);
    expect(await codeReads(members.editor.id)).toHaveLength(3);
    // Per member: the owner still reads.
    expect((await listAs("owner")).status).toBe(200);
  });
});

describe("reading codes by role (screens)", () => {
  it("the codes screen and a run's page mask active codes for a viewer, in full for an owner (audited)", async () => {
    const viewerCodes = pageData(await asMember("viewer", `http://localhost:3000/admin/dashboard/codes?batch=${runId}`, codesPage));
    const rows = viewerCodes.data.codes as { code: string; masked: boolean }[];
    expect(rows.map((r) => r.code)).toEqual(runCodes.slice(0, 10).map(() => "••••-••••"));
    const viewerRun = pageData(await asMember("viewer", `http://localhost:3000/admin/dashboard/batches/${runId}`, batchPage, { id: runId }));
    expect((viewerRun.data.codes as { code: string }[])[0]!.code).toBe("••••-••••");
    expect(JSON.stringify([viewerCodes.data, viewerRun.data])).not.toContain(runCodes[0]);
    expect(await codeReads(members.viewer.id)).toEqual([]);

    const ownerRun = pageData(await asMember("owner", `http://localhost:3000/admin/dashboard/batches/${runId}?page=2`, batchPage, { id: runId }));
    expect((ownerRun.data.codes as { code: string }[]).map((c) => c.code)).toEqual(runCodes.slice(10));
    expect(JSON.parse((await codeReads(members.owner.id))[0]!.detail!)).toEqual({ batch: runId, page: 2, active_codes: 2 });
  });

  it("the screen's search counts for a viewer too, and past the limit answers 429 whatever tab the code is on (no redirect tells it)", async () => {
    await checkFrom(runCodes[0]!, "reader-screen-test");
    const search = (code: string) => asMember("viewer", `http://localhost:3000/admin/dashboard/codes?status=active&code=${code}`, codesPage);
    // A used code searched on the Active tab: the Expired tab is shown, in one answer.
    const used = pageData(await search(runCodes[0]!));
    expect(used.status).toBe(200);
    expect(used.data).toMatchObject({ tab: "expired", counts: { active: 0, expired: 1 } });
    expect(pageData(await search(runCodes[1]!)).data).toMatchObject({ tab: "active", codes: [expect.objectContaining({ code: "••••-••••" })] });
    expect(pageData(await search("ZZZZ9999")).status).toBe(200);
    for (const code of [runCodes[0]!, runCodes[2]!, "ZZZZ9998"]) {
      const refused = pageData(await search(code));
      expect(refused.status).toBe(429);
      expect(refused.data).toMatchObject({ refusal: "rate_limited" });
    }
  });

  it("past the limit the page answers 429 with the localized message", async () => {
    for (let i = 0; i < 3; i++) expect(pageData(await asMember("owner", `http://localhost:3000/admin/dashboard/codes?lng=ar`, codesPage)).status).toBe(200);
    const refused = pageData(await asMember("owner", `http://localhost:3000/admin/dashboard/codes?lng=ar`, codesPage));
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ refusal: "rate_limited", message: expect.stringMatching(/محاولات كثيرة/) });
  });
});

describe("a revoked run's downloads", () => {
  it("answer 409 (6001 in the API, the localized reason on the page) and are audited as refusals", async () => {
    const revoked = await revokeBatch(runId, { reason: "stolen", revokedBy: members.owner.id });
    expect(revoked.ok).toBe(true);
    for (const [file, route] of [["codes.csv", codesCsv], ["labels.pdf", labelsPdf], ["labels.zip", labelsZip]] as const) {
      const res = await callApi(route.loader, `${API}/batches/${runId}/${file}`, { auth: members.owner.token }, { batchId: runId });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ status_code: 6001, data: null, error: "run_revoked" });
    }
    const page = (await asMember("editor", `http://localhost:3000/admin/dashboard/batches/${runId}/codes.csv?lng=ar`, batchDownload, { id: runId })) as Response;
    expect(page.status).toBe(409);
    expect(await page.text()).toMatch(/مُبطَلة/);
    const db = await getDb();
    const refusals = await db.selectFrom("audit_log").selectAll().where("action", "=", "batch.exported").where("created_at", ">=", since).orderBy("created_at").execute();
    expect(refusals).toHaveLength(4);
    expect(refusals.every((e) => e.outcome === "refused" && e.target === "batch:READS-1")).toBe(true);
    expect(refusals.map((e) => JSON.parse(e.detail!)).map((d) => `${d.kind}:${d.reason}`).sort()).toEqual(["csv:run_revoked", "csv:run_revoked", "pdf:run_revoked", "zip:run_revoked"]);
  });
});
