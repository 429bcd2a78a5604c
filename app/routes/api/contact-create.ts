import { z } from "zod";
import { apiError, apiOk, methodNotAllowed, readBody } from "~/api/envelope.server";
import { submitContact } from "~/contact/contacts.server";
import { contactErrorSummary } from "~/contact/messages";
import { HONEYPOT_FIELD } from "~/contact/validation";
import { requestT } from "~/i18n/request.server";
import { clientHash } from "~/request.server";
import { apiTooManyAttempts } from "~/rate-limit.server";
import type { Route } from "./+types/contact-create";

// Shape only; the contact module validates the content (with localized messages).
const field = z.union([z.string(), z.number()]).nullish();
const bodySchema = z.object({ name: field, phone_number: field, message: field, [HONEYPOT_FIELD]: field });

/**
 * `POST /api/v1/general/contact/create/` with `{name, phone_number, message}`: 201 with the stored
 * message, 400 with field errors, 429 past the per-client limit.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const t = requestT(context, "contact");
  const body = await readBody(request, bodySchema);
  try {
    const outcome = await submitContact(body, { clientHash: clientHash(request) });
    if (outcome.kind === "invalid") {
      const { message, fields } = contactErrorSummary(t, outcome.validation);
      return apiError(400, message, { fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])) });
    }
    if (outcome.kind === "limited") {
      return apiTooManyAttempts(context, outcome.retryAfterSeconds);
    }
    // A filled honeypot answers like a success, with nothing stored.
    const contact = outcome.contact ?? {
      id: crypto.randomUUID(),
      name: String(body.name ?? ""),
      phone_number: String(body.phone_number ?? ""),
      message: String(body.message ?? ""),
      created_at: new Date().toISOString(),
    };
    return apiOk(contact, t("form.sent"), { status: 201 });
  } catch (error) {
    console.error("Contact message failed:", error);
    return apiError(503, t("form.failed"), "contact_failed");
  }
}

export function loader() {
  return methodNotAllowed(["POST"]);
}
