import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { products } from "~/platform/catalog/catalog";
import { emptyTables } from "../../../tests/unit/db";
import { routeArgs } from "../../../tests/unit/request-context";
import * as create from "./batches-create";
import * as codesCsv from "./batches-codes-csv";
import * as labelsPdf from "./batches-labels-pdf";
import * as labelsZip from "./batches-labels-zip";
import * as get from "./batches-get";
import * as list from "./batches-list";
import * as revoke from "./batches-revoke";
import * as codesList from "./codes-list";

let token = "";
let adminId = "";

beforeAll(async () => {
  const admin = await createOrResetAdmin("runs-admin", "runs-password-long-enough");
  adminId = admin.id;
  token = (await startSession({ id: admin.id, username: admin.username })).accessToken;
});

beforeEach(() => emptyTables("scans", "codes", "batches"));

type Route = { loader: (args: never) => unknown; action: (args: never) => unknown };

/** Sends a request to an API route as the server would (language middleware first); a thrown Response is the answer. */
async function send(route: Route, method: string, path: string, options: { body?: unknown; params?: Record<string, string>; auth?: boolean } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (options.auth !== false) headers.Authorization = `Bearer ${token}`;
  const request = new Request(`http://localhost:3000/api/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const args = await routeArgs(request, options.params ?? {});
  const handler = method === "GET" ? route.loader : route.action;
  let response: Response;
  try {
    response = (await handler(args as never)) as Response;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return response;
}

async function json(response: Response) {
  return { status: response.status, body: await response.json(), cache: response.headers.get("Cache-Control") };
}

const valid = () => ({ product_id: products[0]!.id, quantity: 25, lot: "API-0001", manufactured_on: "2026-01-15", best_before: "2028-01-15", market: "sa", note: "api" });

async function countRows() {
  const db = await getDb();
  const [b] = await db.selectFrom("batches").select((eb) => eb.fn.countAll<number>().as("n")).execute();
  const [c] = await db.selectFrom("codes").select((eb) => eb.fn.countAll<number>().as("n")).execute();
  return { batches: Number(b!.n), codes: Number(c!.n) };
}

describe("print-run API", () => {
  it("creates (201), reads, lists and revokes a run; the batch object has the issue's fields", async () => {
    const made = await json(await send(create, "POST", "/batches/create/", { body: valid() }));
    expect(made.status).toBe(201);
    expect(made.cache).toBe("no-store");
    const batch = made.body.data.batch;
    expect(made.body).toMatchObject({ status_code: 6000, message: "Print run created", error: null });
    expect(batch).toMatchObject({
      product_id: products[0]!.id,
      lot: "API-0001",
      quantity: 25,
      manufactured_on: "2026-01-15",
      best_before: "2028-01-15",
      market: "SA",
      note: "api",
      status: "active",
      revoked_reason: null,
      created_by: adminId,
      counts: { active: 25, used: 0, expired: 0, revoked: 0 },
    });
    expect(typeof batch.id).toBe("string");
    expect(batch.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);

    const one = await json(await send(get, "GET", `/batches/${batch.id}/`, { params: { batchId: batch.id } }));
    expect(one.body.data.batch).toEqual(batch);
    const page = await json(await send(list, "GET", "/batches/list/?page=1"));
    expect(page.body.data.batches).toEqual([batch]);
    expect(page.body.pagination).toEqual({ page: 1, total_pages: 1, total_count: 1 });
    expect((await json(await send(list, "GET", "/batches/list/?page=2"))).body.data.batches).toEqual([]);

    const codes = await json(await send(codesList, "GET", `/codes/list/?batch=${batch.id}&page=3`));
    expect(codes.body.data.codes.map((c: { serial: number }) => c.serial)).toEqual([21, 22, 23, 24, 25]);
    expect(codes.body.data.counts).toEqual({ active: 25, expired: 0 });
    const exact = await json(await send(codesList, "GET", `/codes/list/?code=${codes.body.data.codes[1].code.toLowerCase()}`));
    expect(exact.body.data.codes).toHaveLength(1);
    expect(exact.body.data.codes[0]).toMatchObject({ batch_id: batch.id, serial: 22 });

    const revoked = await json(await send(revoke, "POST", `/batches/revoke/${batch.id}/`, { body: { reason: "recalled", note: "lab" }, params: { batchId: batch.id } }));
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.batch).toMatchObject({ status: "revoked", revoked_reason: "recalled", revoked_note: "lab", revoked_by: adminId, counts: { active: 0, revoked: 25 } });
    const again = await json(await send(revoke, "POST", `/batches/revoke/${batch.id}/`, { body: { reason: "other" }, params: { batchId: batch.id } }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ status_code: 6001, error: "already_revoked", data: null });
  });

  it("answers bad input with 400, 404 or 409, 6001 and a localized message, and makes nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, "quantity"],
      [{ quantity: -3 }, "quantity"],
      [{ quantity: 2.5 }, "quantity"],
      [{ quantity: 100_001 }, "quantity"],
      [{ quantity: "many" }, "quantity"],
      [{ quantity: null }, "quantity"],
      [{ lot: undefined }, "lot"],
      [{ lot: "L".repeat(41) }, "lot"],
      [{ manufactured_on: "2026-02-30" }, "manufactured_on"],
      [{ best_before: "15/01/2028" }, "best_before"],
      [{ manufactured_on: "2027-01-01", best_before: "2026-12-31" }, "best_before"],
      [{ market: "SAU" }, "market"],
      [{ market: "1A" }, "market"],
    ];
    for (const [change, field] of cases) {
      const answer = await json(await send(create, "POST", "/batches/create/", { body: { ...valid(), ...change } }));
      expect(answer.status, JSON.stringify(change)).toBe(400);
      expect(answer.body.status_code).toBe(6001);
      expect(Object.keys(answer.body.error.fields), JSON.stringify(change)).toContain(field);
    }
    const unknown = await json(await send(create, "POST", "/batches/create/", { body: { ...valid(), product_id: "no-such" } }));
    expect(unknown).toMatchObject({ status: 400, body: { error: "unknown_product", message: "That product does not exist. Choose one from the list." } });
    const arabic = await json(await send(create, "POST", "/batches/create/?lng=ar", { body: { ...valid(), quantity: 0 } }));
    expect(arabic.body.message).toBe("يجب أن تكون الكمية بين 1 و100,000.");
    expect(await countRows()).toEqual({ batches: 0, codes: 0 });

    const missing = await json(await send(get, "GET", "/batches/nope/", { params: { batchId: "nope" } }));
    expect(missing).toMatchObject({ status: 404, body: { status_code: 6001, error: "not_found" } });
    const revokeMissing = await json(await send(revoke, "POST", "/batches/revoke/nope/", { body: { reason: "other" }, params: { batchId: "nope" } }));
    expect(revokeMissing.status).toBe(404);
    const badReason = await json(await send(revoke, "POST", "/batches/revoke/nope/", { body: { reason: "bored" }, params: { batchId: "nope" } }));
    expect(badReason.status).toBe(400);
    expect((await json(await send(codesList, "GET", "/codes/list/?batch=nope"))).status).toBe(404);
  });

  it("downloads are admin-only, no-store, and refuse an unknown layout or label language, a reversed range and an unknown run", async () => {
    const made = await json(await send(create, "POST", "/batches/create/", { body: { ...valid(), quantity: 5 } }));
    const id = made.body.data.batch.id as string;
    const downloads: Record<string, Route> = { "codes.csv": codesCsv, "labels.pdf": labelsPdf, "labels.zip": labelsZip };
    const at = (file: string, auth = true) => send(downloads[file.split("?")[0]!]!, "GET", `/batches/${id}/${file}`, { params: { batchId: id }, auth });
    const csv = await at("codes.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Cache-Control")).toBe("no-store");
    expect((await csv.text()).split("\r\n").filter(Boolean)).toHaveLength(6);
    expect((await at("labels.zip")).headers.get("Content-Type")).toBe("application/zip");
    expect((await at("labels.pdf?layout=L7160")).headers.get("Content-Type")).toBe("application/pdf");
    expect((await json(await at("codes.csv", false))).status).toBe(401);
    expect(await json(await at("labels.pdf?layout=A4"))).toMatchObject({ status: 400, body: { error: "unknown_layout" } });
    expect((await json(await at("labels.pdf?from=4&to=2"))).status).toBe(400);
    const badLanguage = await json(await at("labels.pdf?lang=fr"));
    expect(badLanguage.status).toBe(400);
    expect(JSON.stringify(badLanguage.body)).toContain("en, ar or both");
    expect((await at("labels.pdf?lang=ar")).headers.get("Content-Type")).toBe("application/pdf");
    expect(await json(await at("labels.pdf?from=1&to=6"))).toMatchObject({ status: 400, body: { error: "out_of_range" } });
    const unknown = await send(labelsZip, "GET", "/batches/nope/labels.zip", { params: { batchId: "nope" } });
    expect(unknown.status).toBe(404);
  });
});
