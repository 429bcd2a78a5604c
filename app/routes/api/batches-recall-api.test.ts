import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { products } from "~/platform/catalog/catalog";
import { emptyTables } from "../../../tests/unit/db";
import { callApi, jsonBody, type Handler } from "../../../tests/unit/api";
import * as create from "./batches-create";
import * as get from "./batches-get";
import * as list from "./batches-list";
import * as lift from "./batches-recall-lift";
import * as recall from "./batches-recall";
import * as revoke from "./batches-revoke";
import { recallParts } from "../../../tests/unit/recall-parts";

let owner = "";
let ownerId = "";
let viewer = "";

beforeAll(async () => {
  const admin = await createOrResetAdmin("recall-owner", "recall-password-long-enough");
  ownerId = admin.id;
  owner = (await startSession({ id: admin.id, username: admin.username })).accessToken;
  const watcher = await createOrResetAdmin("recall-viewer", "recall-password-long-enough");
  const db = await getDb();
  await db.updateTable("admins").set({ role: "viewer" }).where("id", "=", watcher.id).execute();
  viewer = (await startSession({ id: watcher.id, username: watcher.username })).accessToken;
});

beforeEach(() => emptyTables("scans", "codes", "batches"));

type Route = { loader: Handler; action: Handler };

/** Calls an API route as the server would (the URL names the permission, as for a call without its route). */
async function send(route: Route, method: string, path: string, options: { body?: unknown; params?: Record<string, string>; token?: string } = {}) {
  const init = options.body === undefined ? { method, headers: { "Content-Type": "application/json" } } : jsonBody(options.body, method);
  const answer = await callApi(method === "GET" ? route.loader : route.action, `http://localhost:3000/api/v1${path}`, { ...init, auth: options.token ?? owner }, options.params ?? {});
  return { status: answer.status, body: answer.body };
}

const notices = { ...recallParts, notice_en: "Contamination found: stop using it and return it to the shop.", notice_ar: "تلوّث: توقّف عن استخدامه وأعده إلى المتجر." };

async function newRun(lot = "API-RC-1") {
  const made = await send(create, "POST", "/batches/create/", { body: { product_id: products[0]!.id, quantity: 3, lot } });
  expect(made.status).toBe(201);
  expect(made.body.data.batch.recall).toBeNull();
  return made.body.data.batch.id as string;
}

const recallOf = (id: string, body: unknown, token?: string) => send(recall, "POST", `/batches/${id}/recall/`, { body, params: { batchId: id }, token });
const liftOf = (id: string, token?: string) => send(lift, "POST", `/batches/${id}/recall/lift/`, { params: { batchId: id }, token });

describe("recall API", () => {
  it("recalls (201), updates (200) and lifts (200) a run; the batch object carries the recall in get and list", async () => {
    const id = await newRun();
    const first = await recallOf(id, { ...notices, since: "2026-11-02" });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status_code: 6000, error: null, data: { batch: { id, recall: { since: "2026-11-02", ...notices, by: ownerId } } } });

    const updated = await recallOf(id, { ...recallParts, notice_en: "Updated notice.", notice_ar: "إشعار مُحدَّث.", remedy_ar: "استبدال مجاني." });
    expect(updated.status).toBe(200);
    expect(updated.body.data.batch.recall).toMatchObject({ notice_en: "Updated notice.", notice_ar: "إشعار مُحدَّث.", hazard_en: recallParts.hazard_en, remedy_ar: "استبدال مجاني.", by: ownerId });

    const read = await send(get, "GET", `/batches/${id}/`, { params: { batchId: id } });
    expect(read.body.data.batch.recall.notice_en).toBe("Updated notice.");
    const listed = await send(list, "GET", "/batches/list/");
    expect(listed.body.data.batches[0].recall.notice_ar).toBe("إشعار مُحدَّث.");

    // A recalled run is not revoked until its recall is lifted.
    const refused = await send(revoke, "POST", `/batches/revoke/${id}/`, { body: { reason: "other" }, params: { batchId: id } });
    expect(refused).toMatchObject({ status: 409, body: { status_code: 6001, error: "run_recalled", data: null } });

    const lifted = await liftOf(id);
    expect(lifted.status).toBe(200);
    expect(lifted.body.data.batch.recall).toBeNull();
    expect(await liftOf(id)).toMatchObject({ status: 409, body: { status_code: 6001, error: "no_recall" } });
  });

  it("bad input answers 400/6001 and stores nothing; unknown run 404; revoked run 409; a viewer 403", async () => {
    const id = await newRun("API-RC-2");
    for (const body of [{}, { notice_en: "x" }, { ...notices, notice_en: "\u200b " }, { ...notices, since: "2099-01-01" }, { ...notices, since: "yesterday" }, { ...notices, notice_ar: "x".repeat(1001) }, { ...notices, hazard_ar: "" }, { ...notices, remedy_en: "x".repeat(501) }]) {
      const answer = await recallOf(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ status_code: 6001, data: null });
    }
    const db = await getDb();
    expect((await db.selectFrom("batches").select("recall_since").where("id", "=", id).executeTakeFirstOrThrow()).recall_since).toBeNull();

    expect((await recallOf("nope", notices)).status).toBe(404);
    expect((await liftOf("nope")).status).toBe(404);

    const forbidden = await recallOf(id, notices, viewer);
    expect(forbidden).toMatchObject({ status: 403, body: { status_code: 6001 } });
    expect((await liftOf(id, viewer)).status).toBe(403);

    await send(revoke, "POST", `/batches/revoke/${id}/`, { body: { reason: "stolen" }, params: { batchId: id } });
    expect(await recallOf(id, notices)).toMatchObject({ status: 409, body: { error: "recall_revoked" } });
  });
});
