import { describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import { jsonBody, signedInCaller } from "../../../tests/unit/api";
import * as adminsCreate from "./admins-create";
import * as adminsList from "./admins-list";
import * as adminsUpdate from "./admins-update";

const call = signedInCaller("email-api-owner", "email-api-owner-password");

async function auditOf(action: string, target: string) {
  const db = await getDb();
  return db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", action).where("target", "=", target).execute();
}

describe("members' e-mail addresses through the API", () => {
  it("POST create takes an address, stored trimmed and in lower case, answered in the admin object", async () => {
    const created = await call(adminsCreate.action, "/admins/create/", jsonBody({ username: "mail.editor", email: "  Mail.Editor@Example.COM ", role: "editor" }));
    expect(created.status).toBe(201);
    expect(created.body.data.admin).toMatchObject({ username: "mail.editor", email: "mail.editor@example.com" });
    // Invited by link: the answer names where the link was mailed, and says e-mail is not configured (the tests' default).
    expect(created.body.data).toMatchObject({ invitation_mailed_to: "mail.editor@example.com" });
    expect(created.body.message).toContain("SMTP_URL");
    const list = await call(adminsList.loader, "/admins/list/?page=1", { method: "GET" });
    expect(list.body.data.admins.find((a: { username: string }) => a.username === "mail.editor")).toMatchObject({ email: "mail.editor@example.com" });
  });

  it("a malformed address is 400/6001 and stores nothing; another member's is 409", async () => {
    for (const email of ["not-an-address", "a@b", "x".repeat(250) + "@example.com", 42]) {
      const refused = await call(adminsCreate.action, "/admins/create/", jsonBody({ username: "mail.bad", email, role: "viewer" }));
      expect(refused.status, String(email)).toBe(400);
      expect(refused.body.status_code).toBe(6001);
    }
    const db = await getDb();
    expect(await db.selectFrom("admins").select("id").where("username", "=", "mail.bad").executeTakeFirst()).toBeUndefined();
    const taken = await call(adminsCreate.action, "/admins/create/", jsonBody({ username: "mail.other", email: "MAIL.EDITOR@example.com", role: "viewer" }));
    expect(taken.status).toBe(409);
    expect(await db.selectFrom("admins").select("id").where("username", "=", "mail.other").executeTakeFirst()).toBeUndefined();
  });

  it("PATCH sets, refuses a taken or malformed address, and removes with null; each change audited without the address", async () => {
    const created = await call(adminsCreate.action, "/admins/create/", jsonBody({ username: "mail.viewer", role: "viewer" }));
    const id = created.body.data.admin.id as string;
    expect(created.body.data.admin.email).toBeNull();
    expect(created.body).toMatchObject({ message: "Member added", data: { invitation_mailed_to: null } });
    const patch = (body: unknown) => call(adminsUpdate.action, `/admins/${id}/`, jsonBody(body, "PATCH"), { adminId: id });
    expect((await patch({ email: "Viewer@Example.com" })).body.data.admin.email).toBe("viewer@example.com");
    expect((await patch({ email: "mail.editor@example.com" })).status).toBe(409);
    const malformed = await patch({ email: "nope" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.status_code).toBe(6001);
    const both = await patch({ email: null, role: "editor" });
    expect(both.body.data.admin).toMatchObject({ email: null, role: "editor" });
    const trail = await auditOf("team.email_changed", "admin:mail.viewer");
    expect(trail.map((e) => JSON.parse(String(e.detail)))).toEqual([{ email: "set" }, { email: "removed" }]);
    expect(JSON.stringify(trail)).not.toContain("viewer@example.com");
  });
});
