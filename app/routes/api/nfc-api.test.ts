import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { startSession } from "~/features/sessions/sessions.server";
import { products } from "~/platform/catalog/catalog";
import { callApi, jsonBody } from "../../../tests/unit/api";
import { AN12196, newKey, newUid, tap } from "../../../tests/unit/tags";
import * as create from "./batches-create";
import * as codesCsv from "./batches-codes-csv";
import * as labelsPdf from "./batches-labels-pdf";
import * as labelsZip from "./batches-labels-zip";
import * as nfcCsv from "./batches-nfc-csv";
import * as revoke from "./batches-revoke";
import * as verify from "./nfc-verify";

const base = "http://localhost:3000/api/v1";
const product = products[1]!;
const gtin14 = product.gtin.padStart(14, "0");
const tokens = { owner: "", editor: "" };

beforeAll(async () => {
  for (const role of ["owner", "editor"] as const) {
    const admin = await createOrResetAdmin(`nfc-${role}`, `nfc-${role}-password-long`, { role });
    tokens[role] = (await startSession({ id: admin.id, username: admin.username })).accessToken;
  }
});

const as = (role: keyof typeof tokens, init: RequestInit = {}) => ({ ...init, auth: tokens[role] });
const makeRun = (body: Record<string, unknown>, query = "") =>
  callApi(create.action, `${base}/batches/create/${query}`, as("owner", jsonBody({ product_id: product.id, label: "nfc", ...body })));
const download = (route: { loader: (args: never) => unknown }, id: string, file: string, role: keyof typeof tokens = "owner") =>
  callApi(route.loader, `${base}/batches/${id}/${file}`, as(role), { batchId: id });
const tapApi = (body: Record<string, unknown>, query = "") => callApi(verify.action, `${base}/nfc/verify/${query}`, jsonBody(body));

/** The encoder's CSV as rows of cells (no quoting in it: hex, URLs, no commas). */
const rowsOf = (csv: string) => csv.trim().split("\r\n").map((line) => line.split(","));

describe("NFC runs and taps over the API (issue 41)", () => {
  it("imports AN12196's tag with its keys; its published URL answers genuine at counter 61, then replayed", async () => {
    const made = await makeRun({ lot: "AN-DEMO", best_before: "2028-06-30", tags: [{ uid: AN12196.uid.toLowerCase(), file_read_key: AN12196.fileReadKey }], meta_read_key: AN12196.metaReadKey });
    expect(made.status).toBe(201);
    expect(made.body.data.batch).toMatchObject({ label: "nfc", quantity: 1, lot: "AN-DEMO", counts: { active: 1 } });

    const first = await tapApi({ gtin: product.gtin, lot: "AN-DEMO", e: AN12196.e, c: AN12196.c });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status_code: 6000, error: null, message: "This tag's answer is new: it cannot be copied. Every tap of the real tag gives a fresh, signed answer." });
    expect(first.body.data).toEqual({
      is_valid: true,
      reason: null,
      uid: AN12196.uid,
      counter: 61,
      product: { id: product.id, name: product.name, name_ar: product.nameAr },
      lot: "AN-DEMO",
      best_before: "2028-06-30",
      first_tap_at: expect.stringMatching(/^\d{4}-/),
      taps: 1,
      recall: null,
      scan_id: expect.any(String),
    });
    const again = await tapApi({ gtin: gtin14, lot: "AN-DEMO", e: AN12196.e.toLowerCase(), c: AN12196.c }, "?lng=ar");
    expect(again.body.data).toMatchObject({ is_valid: false, reason: "replayed", counter: 61, taps: 1, first_tap_at: first.body.data.first_tap_at, lot: "AN-DEMO" });
    expect(again.body.message).toMatch(/^نُسخ هذا الرابط/);
  });

  it("makes the keys itself from UIDs; the encoder's CSV (owners only, audited, 409 once revoked) programs tags that tap genuine", async () => {
    const uids = [newUid(), newUid(), newUid()];
    const made = await makeRun({ lot: "NFC-GEN-1", uids });
    expect(made.status).toBe(201);
    const id = made.body.data.batch.id as string;

    const csv = await download(nfcCsv, id, "nfc.csv");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toContain("no-store");
    const [header, ...rows] = rowsOf(csv.body as string);
    expect(header).toEqual(["uid", "meta_read_key", "file_read_key", "url_template"]);
    expect(rows.map((r) => r[0])).toEqual(uids);
    const template = `http://localhost:3000/01/${gtin14}/10/NFC-GEN-1?e={PICCData}&c={SDMMAC}`;
    for (const [, meta, key, url] of rows) {
      expect(meta).toMatch(/^[0-9A-F]{32}$/);
      expect(key).toMatch(/^[0-9A-F]{32}$/);
      expect(url).toBe(template);
    }
    expect(new Set(rows.map((r) => r[1])).size).toBe(1);
    expect(new Set(rows.map((r) => r[2])).size).toBe(3);
    // A tag programmed from the file: its taps verify.
    const [uid, metaReadKey, fileReadKey] = rows[1]!;
    const url = tap({ uid: uid!, metaReadKey: metaReadKey!, fileReadKey: fileReadKey! }, 1);
    expect((await tapApi({ gtin: product.gtin, lot: "NFC-GEN-1", ...url })).body.data).toMatchObject({ is_valid: true, uid, counter: 1, taps: 1 });
    const db = await getDb();
    const audit = await db.selectFrom("audit_log").select(["actor", "detail", "outcome"]).where("action", "=", "batch.exported").where("target", "=", "batch:NFC-GEN-1").execute();
    expect(audit).toEqual([{ actor: "nfc-owner", outcome: "success", detail: JSON.stringify({ id, kind: "nfc" }) }]);

    // Staff print the companion labels, never take the keys; the printer's files are not an NFC run's.
    expect((await download(nfcCsv, id, "nfc.csv", "editor")).status).toBe(403);
    expect((await download(codesCsv, id, "codes.csv")).body).toMatchObject({ status_code: 6001, error: "nfc_run" });
    expect((await download(labelsZip, id, "labels.zip")).status).toBe(400);
    const pdf = await download(labelsPdf, id, "labels.pdf");
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // A run without tags has no encoder file; a revoked run's is refused (and the refusal recorded).
    const single = await callApi(create.action, `${base}/batches/create/`, as("owner", jsonBody({ product_id: product.id, quantity: 2, lot: "NOT-NFC" })));
    expect((await download(nfcCsv, single.body.data.batch.id, "nfc.csv")).body).toMatchObject({ error: "not_nfc" });
    await callApi(revoke.action, `${base}/batches/revoke/${id}/`, as("owner", jsonBody({ reason: "stolen" })), { batchId: id });
    const refused = await download(nfcCsv, id, "nfc.csv");
    expect(refused).toMatchObject({ status: 409, body: { error: "run_revoked" } });
    expect(await db.selectFrom("audit_log").select("outcome").where("action", "=", "batch.exported").where("target", "=", "batch:NFC-GEN-1").where("outcome", "=", "refused").execute()).toHaveLength(1);
  });

  it("refuses a run's tags with 400 6001 (bad UIDs, duplicates, more than 100,000, keys without their pair) and a UID of another run with 409; nothing is made", async () => {
    const db = await getDb();
    const count = async () => Number((await db.selectFrom("batches").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await count();
    const uid = newUid();
    const cases: [Record<string, unknown>, string][] = [
      [{ uids: [] }, "uids"],
      [{ uids: ["04DE5F1EACC0"] }, "uids"],
      [{ uids: ["04DE5F1EACC0ZZ"] }, "uids"],
      [{ uids: [uid, uid.toLowerCase()] }, "uids"],
      [{ uids: Array.from({ length: 100_001 }, (_, i) => i.toString(16).padStart(14, "0")) }, "uids"],
      [{ uids: "04DE5F1EACC040" }, "uids"],
      [{}, "uids"],
      [{ uids: [uid], tags: [{ uid: newUid(), file_read_key: newKey() }], meta_read_key: newKey() }, "uids"],
      [{ tags: [{ uid, file_read_key: newKey() }] }, "meta_read_key"],
      [{ tags: [{ uid, file_read_key: "00" }], meta_read_key: newKey() }, "tags"],
      [{ uids: [uid], meta_read_key: newKey() }, "meta_read_key"],
      [{ tags: [{ uid, file_read_key: newKey() }], meta_read_key: "xyz" }, "meta_read_key"],
      [{ uids: [uid], quantity: 2 }, "quantity"],
      [{ uids: [uid], lot: "LOT WITH SPACES" }, "lot"],
      [{ uids: [uid], label: "single", quantity: 1 }, "label"],
    ];
    for (const [body, field] of cases) {
      const answer = await makeRun({ lot: "NFC-BAD", ...body });
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.body.status_code).toBe(6001);
      expect(Object.keys(answer.body.error.fields), JSON.stringify(body).slice(0, 120)).toContain(field);
    }
    const arabic = await makeRun({ lot: "NFC-BAD", uids: [uid, uid] }, "?lng=ar");
    expect(arabic.body.error.fields.uids).toEqual([`المعرّف \u2066${uid}\u2069 مكرّر في القائمة.`]);
    expect(await count()).toBe(before);

    expect((await makeRun({ lot: "NFC-TAKEN-1", uids: [uid] })).status).toBe(201);
    const taken = await makeRun({ lot: "NFC-TAKEN-2", uids: [newUid(), uid] });
    expect(taken).toMatchObject({ status: 409, body: { status_code: 6001, error: "uid_taken" } });
    expect(await count()).toBe(before + 1);
    expect(await db.selectFrom("batches").select("id").where("lot", "=", "NFC-TAKEN-2").execute()).toEqual([]);
  });

  it("answers malformed taps with 400 and the field's message; an unknown GTIN or lot is an answer (unknown_tag)", async () => {
    const url = { gtin: product.gtin, lot: "AN-DEMO", e: AN12196.e, c: AN12196.c };
    for (const [change, field] of [
      [{ e: AN12196.e.slice(1) }, "e"],
      [{ c: "94EED9EE6533708G" }, "c"],
      [{ gtin: "12345678901234" }, "gtin"],
      [{ lot: "L".repeat(21) }, "lot"],
      [{ e: undefined }, "e"],
    ] as const) {
      const answer = await tapApi({ ...url, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body.error.fields[field]).toBeDefined();
    }
    const stranger = await tapApi({ ...url, lot: "NO-SUCH-LOT" });
    expect(stranger).toMatchObject({ status: 200, body: { data: { is_valid: false, reason: "unknown_tag", uid: null, counter: null, product: null } } });
  });
});
