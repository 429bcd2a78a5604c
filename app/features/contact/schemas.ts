import type { TFunction } from "i18next";
import { freeTextOf } from "~/platform/lib/free-text";
import { cleanPhone, isPlausiblePhone } from "~/platform/lib/phone";
import { z } from "~/platform/lib/zod";
import { CONTACT_LIMITS, HONEYPOT_FIELD, type ContactInput } from "./fields";

/**
 * What a contact message must look like: the one schema of the contact page (on the server, and in
 * the browser once the form is touched) and of `POST /api/v1/general/contact/create/`. Pure.
 */


// Invisible and control characters, bidi controls among them (stored, they could reorder what an
// admin reads: a name shown backwards, a phone number that lies), are dropped by the one sanitizer.
const oneLine = (value: unknown) => freeTextOf(value);

/** Each field through the free-text sanitizer (the message keeps its line breaks), the phone's digits made Latin. */
export function cleanContactInput(raw: Record<string, unknown>): ContactInput {
  return {
    name: oneLine(raw.name),
    phone_number: cleanPhone(raw.phone_number),
    message: freeTextOf(raw.message, { multiline: true }),
  };
}


/**
 * The schema with its messages in the visitor's language: `t` of the "contact" namespace. Each field
 * is cleaned first, then gets one message: "required", or the first of its rules that fails.
 */
export function contactSchema(t: TFunction<"contact">) {
  const required = t("form.fieldRequired");
  type Rule = [ok: (value: string) => boolean, message: string];
  const max = (n: number, message: string): Rule => [(value) => value.length <= n, message];
  // A form sends text; the API may send a phone number as a number. Missing and empty are "required".
  const field = (clean: (value: unknown) => string, rules: Rule[]) =>
    z
      .union([z.string(), z.number()], { error: required })
      .transform(clean)
      .superRefine((value, ctx) => {
        const failed = value === "" ? required : rules.find(([ok]) => !ok(value))?.[1];
        if (failed) ctx.addIssue({ code: "custom", message: failed });
      });
  const { name, phone_number, message } = CONTACT_LIMITS;
  return z.object({
    name: field(oneLine, [max(name, t("form.nameTooLong", { count: name }))]),
    phone_number: field((v) => cleanContactInput({ phone_number: v }).phone_number, [
      max(phone_number, t("form.phoneTooLong", { count: phone_number })),
      [isPlausiblePhone, t("form.phoneInvalid")],
    ]),
    message: field((v) => cleanContactInput({ message: v }).message, [max(message, t("form.messageTooLong", { count: message }))]),
    [HONEYPOT_FIELD]: z.union([z.string(), z.number()]).nullish(),
  });
}

export type ContactSubmission = z.infer<ReturnType<typeof contactSchema>>;
