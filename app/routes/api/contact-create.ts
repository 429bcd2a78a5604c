import { submitContact } from "~/features/contact/contacts.server";
import { contactSummary } from "~/features/contact/fields";
import { contactSchema } from "~/features/contact/schemas";
import { clientHash } from "~/platform/http/client.server";
import { apiRoute, apiTooManyAttempts, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { contactJsonSchema } from "~/features/contact/json";

const contract = {
  POST: {
    tag: "Contact",
    summary: "Send a contact message",
    body: (t) => contactSchema(t("contact")),
    answers: [ok(contactJsonSchema, "The message, stored.", 201)],
    errors: [400],
    limited: true,
  },
} satisfies ApiContract;

/**
 * `POST /api/v1/general/contact/create/` with `{name, phone_number, message}`: 201 with the stored
 * message, 400 with field errors, 429 past the per-client limit.
 */
const route = apiRoute(
  contract,
  {
    POST: async (args) => {
      const t = requestT(args.context, "contact");
      const input = await readBody(args, contactSchema(t), (fields) => contactSummary(t, fields));
      const sent = await submitContact(input, { clientHash: clientHash(args.request) });
      if (!sent.ok) return apiTooManyAttempts(args.context, sent.retryAfterSeconds ?? 60);
      // A filled honeypot answers like a success, with nothing stored.
      const { name, phone_number, message } = input;
      const contact = sent.value ?? { id: crypto.randomUUID(), name, phone_number, message, created_at: new Date().toISOString() };
      return apiOk(contact, t("form.sent"), { status: 201 });
    },
  },
  { unavailable: { namespace: "contact", message: "form.failed", error: "contact_failed" } },
);

export const loader = route.loader;
export const action = route.action;
