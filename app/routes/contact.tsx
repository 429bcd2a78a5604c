import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { ContactScreen, type ContactRefusal } from "~/features/contact/screens/contact-screen";
import { submitContact } from "~/features/contact/contacts.server";
import { contactSummary, type ContactField } from "~/features/contact/fields";
import { contactSchema } from "~/features/contact/schemas";
import { clientHash } from "~/platform/http/client.server";
import { tooManyAttempts } from "~/platform/http/rate-limit.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestT, routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import type { Route } from "./+types/contact";
import { cacheablePage } from "~/platform/http/page-cache";

export const handle = cacheablePage;

export function loader({ context }: Route.LoaderArgs) {
  return { i18n: routeBundles(context, ["contact"]) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(context, "contact");
  const tc = requestT(context, "common");
  const submission = parseWithZod(await request.formData(), { schema: contactSchema(t) });
  // What the visitor typed comes back on any error (capped, so a huge post is not echoed whole).
  const typed = (name: ContactField, cap: number) => String(submission.payload[name] ?? "").slice(0, cap);
  const values = { name: typed("name", 500), phone_number: typed("phone_number", 200), message: typed("message", 10_000) };
  const refuse = (status: number, message: string, fields: ContactRefusal["fields"] = {}) =>
    data(
      { result: submission.reply(), values, message, fields, toast: { type: "error" as const, title: tc("toast.error"), description: message } },
      { status },
    );

  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const fields = Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (v?.[0] ? [[k, v[0]]] : [])));
    return refuse(400, contactSummary(t, errors), fields);
  }
  const stored = await orUnavailable("Contact message", () => submitContact(submission.value, { clientHash: clientHash(request) }));
  if (!stored.ok) return refuse(503, t("form.failed"));
  const sent = stored.value;
  if (!sent.ok) return refuse(429, tooManyAttempts(context, sent.retryAfterSeconds ?? 60));
  // Post/Redirect/Get: a fresh, empty form and a toast that also shows without JavaScript.
  return redirectWithToast("/contact", { type: "success", title: tc("toast.success"), description: t("form.sent") });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ContactScreen refusal={actionData} />;
}
