import { describe, expect, it } from "vitest";
import { routeArgs } from "../../../tests/unit/request-context";
import { getDb } from "@db/db.server";
import { toastCookie } from "~/platform/http/toast.server";
import { action as apiCreate, loader as apiCreateGet } from "~/routes/api/contact-create";
import { action as contactAction } from "~/routes/contact";
import { countContacts, createContact, listContacts, submitContact } from "./contacts.server";
import { getInstance } from "~/platform/i18n/i18n.server";
import { requestContext } from "../../../tests/unit/request-context";
import { contactSummary } from "./fields";
import { isPlausiblePhone } from "~/platform/lib/phone";
import { contactSchema } from "./schemas";

/** The schema in English, as a page or the API would build it for an English request. */
async function englishSchema() {
  const context = await requestContext(new Request("http://localhost:3000/contact?lng=en"));
  const t = getInstance(context).getFixedT("en", "contact");
  return { schema: contactSchema(t), t };
}

/** Each field's first message, as the page shows it. */
function fieldMessages(error: { issues: { path: PropertyKey[]; message: string }[] }) {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

const good = { name: "Mariam Haddad", phone_number: "+971 50 123 4567", message: "Is the SPF 60 cream safe for sensitive skin?" };
let address = 0;
const meta = () => ({ clientHash: `contact-client-${++address}` });

async function stored(name: string) {
  const db = await getDb();
  return db.selectFrom("contacts").selectAll().where("name", "=", name).execute();
}

function formPost(body: Record<string, string>, lang = "en") {
  return new Request(`http://localhost:3000/contact?lng=${lang}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-address": `10.2.0.${++address}` },
    body: new URLSearchParams(body),
  });
}

function jsonPost(body: unknown, lang = "en") {
  return new Request(`http://localhost:3000/api/v1/general/contact/create/?lng=${lang}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "x-client-address": `10.3.0.${++address}` },
    body: JSON.stringify(body),
  });
}

describe("contact validation", () => {
  it("requires every field after trimming", async () => {
    const { schema, t } = await englishSchema();
    const result = schema.safeParse({ name: "  ", phone_number: good.phone_number, message: "\n\t" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessages(result.error)).toEqual({ name: "This field is required", message: "This field is required" });
    expect(contactSummary(t, { name: ["This field is required"] })).toBe("Please fill in all fields");
  });

  it("caps lengths at 100, 32 and 2000 characters", async () => {
    const { schema, t } = await englishSchema();
    expect(schema.safeParse({ name: "n".repeat(100), phone_number: good.phone_number, message: "m".repeat(2000) }).success).toBe(true);
    const result = schema.safeParse({ name: "n".repeat(101), phone_number: `+1 ${"2".repeat(30)}`, message: "m".repeat(2001) });
    expect(result.success).toBe(false);
    if (result.success) return;
    const messages = fieldMessages(result.error);
    expect(messages).toEqual({
      name: "Please keep your name under 100 characters",
      phone_number: "The phone number can be at most 32 characters",
      message: "Please keep your message under 2000 characters",
    });
    // No field is missing: the notice is the first field's own message.
    expect(contactSummary(t, { name: [messages.name!] })).toBe(messages.name);
  });

  it("accepts plausible phone numbers only, reading Arabic-Indic digits", async () => {
    const { schema } = await englishSchema();
    for (const phone of ["+971 50 123 4567", "(050) 123-4567", "+44 20 7946 0958", "0501234567"]) expect(isPlausiblePhone(phone), phone).toBe(true);
    for (const phone of ["12345", "call me", "+971 50 abc 4567", "++", "1234567890123456", "50+1234567"]) expect(isPlausiblePhone(phone), phone).toBe(false);
    const arabic = schema.safeParse({ ...good, phone_number: "+٩٧١ ٥٠ ١٢٣ ٤٥٦٧" });
    expect(arabic.success && arabic.data).toMatchObject({ ...good, phone_number: "+971 50 123 4567" });
  });

  it("requires a visible name and message: invisible characters are dropped first (decision 149)", async () => {
    const { schema } = await englishSchema();
    const invisible = "\u200B\u200E\u200F\u061C\u2060\u3164\u115F\u00AD\u{E0041}\u0000\u202E";
    const result = schema.safeParse({ name: invisible, phone_number: good.phone_number, message: `${invisible}\n${invisible}` });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessages(result.error)).toEqual({ name: "This field is required", message: "This field is required" });
    const kept = schema.safeParse({ name: `Sa\u200Bra${invisible}`, phone_number: good.phone_number, message: `Hi\u0000 there\u{E0020}\nbye` });
    expect(kept.success && kept.data).toMatchObject({ name: "Sara", message: "Hi there\nbye" });
  });

  it("trims values and unifies line endings", async () => {
    const { schema } = await englishSchema();
    const result = schema.safeParse({ name: "  Sara ", phone_number: " +966 55 000 1111 ", message: " line one\r\nline two " });
    expect(result.success && result.data).toMatchObject({ name: "Sara", phone_number: "+966 55 000 1111", message: "line one\nline two" });
  });
});

describe("bidi overrides in a message", () => {
  it("are dropped from every field before the message is stored (page and API alike)", async () => {
    const name = "Override \u202ERemark\u202C Person";
    const spoofed = { name, phone_number: "\u2066+971 50 123 4567\u2069", message: "Hello \u202Ednuof\u202C and \u2067isolated\u2069 \u202A\u202B\u202D end" };
    const response = (await contactAction(await routeArgs(formPost(spoofed)))) as Response;
    expect(response.status).toBe(302);
    const rows = await stored("Override Remark Person");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone_number: "+971 50 123 4567", message: "Hello dnuof and isolated  end" });
    for (const value of [rows[0]!.name, rows[0]!.phone_number, rows[0]!.message]) expect(value).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);

    const viaApi = (await apiCreate(await routeArgs(jsonPost({ ...spoofed, name: "Api \u2068Override\u2069 Person" })))) as Response;
    expect(viaApi.status).toBe(201);
    expect(await stored("Api Override Person")).toHaveLength(1);
  });
});

describe("contact storage and listing", () => {
  it("stores a valid message", async () => {
    const outcome = await submitContact({ ...good, name: "Stored Person" }, meta());
    expect(outcome.ok).toBe(true);
    const rows = await stored("Stored Person");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone_number: good.phone_number, message: good.message });
    expect(new Date(rows[0]!.created_at).toISOString()).toBe(rows[0]!.created_at);
  });

  it("a filled honeypot looks like success and stores nothing", async () => {
    const before = await countContacts();
    expect(await submitContact({ ...good, name: "Bot", website: "http://spam.example" }, meta())).toEqual({ ok: true, value: null });
    expect(await countContacts()).toBe(before);
  });

  it("lists ten a page, newest first, with total pages and count", async () => {
    const db = await getDb();
    await db.deleteFrom("contacts").execute();
    expect(await listContacts(1)).toEqual({ items: [], pagination: { total_pages: 1, total_count: 0, page: 1 } });
    for (let i = 0; i < 23; i++) {
      await db
        .insertInto("contacts")
        .values({ id: `c-${String(i).padStart(2, "0")}`, name: `Person ${i}`, phone_number: "+1 555 0100", message: "Hi", created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString() })
        .execute();
    }
    const first = await listContacts(1);
    expect(first.pagination).toEqual({ total_pages: 3, total_count: 23, page: 1 });
    expect(first.items.map((c) => c.name).slice(0, 3)).toEqual(["Person 22", "Person 21", "Person 20"]);
    const third = await listContacts(3);
    expect(third.items.map((c) => c.name)).toEqual(["Person 2", "Person 1", "Person 0"]);
    expect((await listContacts(0)).pagination.page).toBe(1);
    // Past the end: empty, with the real totals (the same rule as the codes list; decision 068).
    expect(await listContacts(99)).toEqual({ items: [], pagination: { page: 99, total_pages: 3, total_count: 23 } });
    expect((await listContacts(Number.NaN)).pagination.page).toBe(1);
    expect(await countContacts()).toBe(23);
    const created = await createContact({ name: "Newest", phone_number: "+1 555 0101", message: "Latest" });
    expect((await listContacts(1)).items[0]).toEqual(created);
  });
});

describe("contact page action", () => {
  it("redirects with a success toast after storing the message", async () => {
    const response = (await contactAction(await routeArgs(formPost({ ...good, name: "Page Person", website: "" })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/contact");
    expect(await toastCookie.parse(response.headers.get("Set-Cookie"))).toEqual({ type: "success", title: "Success", description: "Message sent successfully" });
    expect(await stored("Page Person")).toHaveLength(1);
  });

  it("keeps the values and explains, in the visitor's language, on each kind of error", async () => {
    const missing = await contactAction(await routeArgs(formPost({ name: "Kept Name", phone_number: "", message: "Kept message" })));
    expect(missing).toMatchObject({
      init: { status: 400 },
      data: { message: "Please fill in all fields", values: { name: "Kept Name", phone_number: "", message: "Kept message" }, toast: { type: "error", title: "Error" } },
    });
    const phone = await contactAction(await routeArgs(formPost({ ...good, phone_number: "12" }, "ar")));
    expect(phone).toMatchObject({ init: { status: 400 }, data: { fields: { phone_number: expect.stringContaining("واتساب") } } });
    const long = await contactAction(await routeArgs(formPost({ ...good, message: "x".repeat(2001) })));
    expect(long).toMatchObject({ data: { message: "Please keep your message under 2000 characters" } });
    expect(await stored("Kept Name")).toHaveLength(0);
  });

  it("a filled honeypot gets the same success redirect and stores nothing", async () => {
    const response = (await contactAction(await routeArgs(formPost({ ...good, name: "Honey Bot", website: "spam" })))) as Response;
    expect(response.status).toBe(302);
    expect(await stored("Honey Bot")).toHaveLength(0);
  });
});

describe("POST /api/v1/general/contact/create/", () => {
  it("201 with the stored message in the envelope", async () => {
    const response = (await apiCreate(await routeArgs(jsonPost({ ...good, name: "Api Person" })))) as Response;
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ status_code: 6000, message: "Message sent successfully", error: null, data: { name: "Api Person", phone_number: good.phone_number, message: good.message } });
    expect((await stored("Api Person"))[0]?.id).toBe(body.data.id);
  });

  it("400 with localized field errors; 405 for GET", async () => {
    const response = (await apiCreate(await routeArgs(jsonPost({ name: "", phone_number: "abc", message: "hi" }, "ar")))) as Response;
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ status_code: 6001, message: "يُرجى تعبئة جميع الحقول", data: null });
    expect(Object.keys(body.error.fields).sort()).toEqual(["name", "phone_number"]);
    expect(apiCreateGet().status).toBe(405);
  });

  it("a filled honeypot answers 201 and stores nothing", async () => {
    const response = (await apiCreate(await routeArgs(jsonPost({ ...good, name: "Api Bot", website: "x" })))) as Response;
    expect(response.status).toBe(201);
    expect(await stored("Api Bot")).toHaveLength(0);
  });
});
