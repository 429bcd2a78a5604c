import { data } from "react-router";
import { submitContact } from "~/contact/contacts.server";
import { contactErrorSummary } from "~/contact/messages";
import { ContactPage } from "~/contact/contact-page";
import { requestT } from "~/i18n/request.server";
import { clientHash } from "~/request.server";
import { redirectWithToast } from "~/ui/toast.server";
import { HONEYPOT_FIELD } from "~/contact/validation";
import { tooManyAttempts } from "~/rate-limit.server";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const raw: Record<string, string> = {};
  for (const key of ["name", "phone_number", "message", HONEYPOT_FIELD]) {
    const value = form.get(key);
    raw[key] = typeof value === "string" ? value : "";
  }
  const t = requestT(context, "contact");
  const tc = requestT(context, "common");
  // What the visitor typed comes back on any error (capped, so a huge post is not echoed whole).
  const values = { name: raw.name!.slice(0, 500), phone_number: raw.phone_number!.slice(0, 200), message: raw.message!.slice(0, 10_000) };
  const refuse = (status: number, message: string, fields: Record<string, string> = {}) =>
    data({ values, message, fields, toast: { type: "error" as const, title: tc("toast.error"), description: message } }, { status });

  try {
    const outcome = await submitContact(raw, { clientHash: clientHash(request) });
    if (outcome.kind === "invalid") {
      const { message, fields } = contactErrorSummary(t, outcome.validation);
      return refuse(400, message, fields);
    }
    if (outcome.kind === "limited") return refuse(429, tooManyAttempts(context, outcome.retryAfterSeconds));
    // Post/Redirect/Get: a fresh, empty form and a toast that also shows without JavaScript.
    return redirectWithToast("/contact", { type: "success", title: tc("toast.success"), description: t("form.sent") });
  } catch (error) {
    console.error("Contact message failed:", error);
    return refuse(503, t("form.failed"));
  }
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return <ContactPage failure={actionData} />;
}
