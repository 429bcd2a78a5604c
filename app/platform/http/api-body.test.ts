import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import * as adminsUpdate from "~/routes/api/admins-update";
import * as batchesCreate from "~/routes/api/batches-create";
import * as codesCreate from "~/routes/api/codes-create";
import * as contactCreate from "~/routes/api/contact-create";
import * as codesVerify from "~/routes/api/codes-verify";
import * as reportsStatus from "~/routes/api/reports-status";
import { type Handler, signedInCaller } from "../../../tests/unit/api";

const call = signedInCaller("body-owner", "body-owner-password-long");

/** A POST or PATCH route, the path under /api/v1 and its params. */
const routes: [name: string, handler: Handler, path: string, method: string, params: Record<string, string>][] = [
  ["batches create", batchesCreate.action, "/batches/create/", "POST", {}],
  ["codes create", codesCreate.action, "/codes/create/", "POST", {}],
  ["codes verify", codesVerify.action, "/codes/verify/", "POST", {}],
  ["contact create", contactCreate.action, "/general/contact/create/", "POST", {}],
  ["admin update", adminsUpdate.action, "/admins/x/", "PATCH", { adminId: "x" }],
  ["report status", reportsStatus.action, "/reports/x/status/", "POST", { reportId: "x" }],
];

const count = async (table: "batches" | "codes" | "contacts" | "scans") =>
  Number((await (await getDb()).selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

describe("every API body that is not a JSON object answers 400, 6001, localized (never a 5xx)", () => {
  let address = 0;
  for (const [name, handler, path, method, params] of routes) {
    it(name, async () => {
      for (const body of ["null", "[]", '"x"', "1", "[{}]", "true"]) {
        const headers = { "Content-Type": "application/json", "x-client-address": `192.0.2.${++address}` };
        const res = await call(handler, path, { method, headers, body }, params);
        expect(res.status, `${name} ${body}`).toBe(400);
        expect(res.body).toMatchObject({ status_code: 6001, data: null, error: "invalid_body", message: "The request body must be a JSON object (its fields between { and })." });
      }
      const ar = await call(handler, `${path}?lng=ar`, { method, headers: { "Content-Type": "application/json", "x-client-address": `192.0.2.${++address}` }, body: "null" }, params);
      expect(ar.body.message).toBe("يجب أن يكون محتوى الطلب كائن JSON.");
    });
  }

  it("stored nothing", async () => {
    expect([await count("batches"), await count("codes"), await count("contacts"), await count("scans")]).toEqual([0, 0, 0, 0]);
  });

  it("an empty body still reads as {} (the schema answers its own 400)", async () => {
    const res = await call(batchesCreate.action, "/batches/create/", { method: "POST", headers: { "Content-Type": "application/json" }, body: "" });
    expect(res.status).toBe(400);
    expect(res.body.error).toHaveProperty("fields");
  });
});
