import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { deliverAccountMail } from "~/features/sign-in/account-mail.server";
import { getDb } from "@db/db.server";
import { createOrResetAdmin } from "~/features/sign-in/admin-accounts.server";
import { routeArgs } from "../../../tests/unit/request-context";
import * as forgot from "./forgot-password";
import * as reset from "./reset-password";

type Answer = { data: { sent?: boolean; gone?: boolean; reset?: { username: string } | null; mailConfigured?: boolean }; init: { status?: number } | null };

const formPost = (url: string, fields: Record<string, string>, client = "10.7.0.1") =>
  new Request(url, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": client } });

/** The reset link of the `.eml` file written for an address (no SMTP_URL in the tests: the mail folder). */
async function linkMailedTo(address: string): Promise<string> {
  // The request was only queued: the outbox's loop does it (here, at once).
  await deliverAccountMail();
  const db = await getDb();
  await expect.poll(async () => (await db.selectFrom("mail_outbox").select("status").where("recipient", "=", address).executeTakeFirst())?.status, { timeout: 5000 }).toBe("delivered");
  const folder = join(process.env.DATA_DIR!, "mail");
  for (const file of readdirSync(folder)) {
    const mail = await simpleParser(readFileSync(join(folder, file)));
    const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : "";
    if (to === address) return /http:\/\/localhost:3000(\/admin\/reset-password\/[A-Za-z0-9_-]{43})/.exec(mail.text ?? "")![1]!;
  }
  throw new Error(`no mail to ${address}`);
}

describe("/admin/forgot-password and /admin/reset-password/:token, without JavaScript", () => {
  it("answer the same for an unknown account; the mailed (here: written) link sets a new password once", async () => {
    const admin = await createOrResetAdmin("page.reset", "page-old-password-lantern");
    const db = await getDb();
    await db.updateTable("admins").set({ email: "page.reset@example.com" }).where("id", "=", admin.id).execute();

    const page = (await forgot.loader(await routeArgs(new Request("http://localhost:3000/admin/forgot-password?lng=ar")))) as Answer["data"];
    expect(page.mailConfigured).toBe(false);
    const known = (await forgot.action(await routeArgs(formPost("http://localhost:3000/admin/forgot-password", { identifier: "page.reset" })))) as unknown as Answer;
    const unknown = (await forgot.action(await routeArgs(formPost("http://localhost:3000/admin/forgot-password", { identifier: "no.such.member" })))) as unknown as Answer;
    expect(known.data.sent).toBe(true);
    expect(unknown.data).toEqual(known.data);
    expect(unknown.init?.status).toBe(known.init?.status);
    const empty = (await forgot.action(await routeArgs(formPost("http://localhost:3000/admin/forgot-password", { identifier: " " })))) as unknown as Answer;
    expect(empty.init?.status).toBe(400);

    const path = await linkMailedTo("page.reset@example.com");
    const token = path.split("/").at(-1)!;
    const open = (await reset.loader(await routeArgs(new Request(`http://localhost:3000${path}`), { token }))) as unknown as Answer;
    expect(open.init?.status).toBe(200);
    expect(open.data.reset).toEqual({ username: "page.reset" });
    const weak = (await reset.action(await routeArgs(formPost(`http://localhost:3000${path}`, { password: "short", confirm_password: "short" }), { token }))) as unknown as Answer;
    expect(weak.init?.status).toBe(400);
    const done = (await reset.action(await routeArgs(formPost(`http://localhost:3000${path}`, { password: "page-new-password-harbor", confirm_password: "page-new-password-harbor" }), { token }))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toMatch(/^\/admin\?.*page\.reset/);
    const again = (await reset.loader(await routeArgs(new Request(`http://localhost:3000${path}`), { token }))) as unknown as Answer;
    expect(again.init?.status).toBe(410);
  });

  it("refuses past the client's limit with a localized 429", async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 6; i++) last = (await forgot.action(await routeArgs(formPost("http://localhost:3000/admin/forgot-password?lng=ar", { identifier: "someone" }, "10.7.0.99")))) as unknown as Answer;
    expect(last?.init?.status).toBe(429);
  });
});
