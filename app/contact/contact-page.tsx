import { useEffect, useRef, useState } from "react";
import { SubmitButton } from "~/ui/submit-button";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { useRootData } from "~/root";
import { PageMeta } from "~/ui/page-meta";
import { Toaster, type ToastData } from "~/ui/toaster";
import { CONTACT_LIMITS, cleanContactInput, contactFields, HONEYPOT_FIELD, type ContactField } from "./validation";

export type ContactFailure = {
  values: Record<ContactField, string>;
  message: string;
  fields: Partial<Record<ContactField, string>>;
  toast: ToastData;
};

const ids: Record<ContactField, string> = { name: "contact-name", phone_number: "contact-phone", message: "contact-message" };

/** The contact page: the message form (works without JavaScript) and a card with other ways in. */
export function ContactPage({ failure }: { failure?: ContactFailure }) {
  const { t } = useTranslation("contact");
  const { t: tc } = useTranslation("common");
  const root = useRootData();
  const location = useLocation();
  const navigation = useNavigation();
  const [clientFailure, setClientFailure] = useState<ContactFailure | null>(null);
  const shown = clientFailure ?? failure;
  const pending = navigation.state !== "idle" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);

  // After a refused submission, take the visitor to the first field that needs attention.
  useEffect(() => {
    const first = shown ? contactFields.find((f) => shown.fields[f]) : undefined;
    if (first) document.getElementById(ids[first])?.focus();
  }, [shown]);

  // A server answer replaces any earlier client-side notice.
  useEffect(() => setClientFailure(null), [failure]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const raw = Object.fromEntries(contactFields.map((f) => [f, String(form.get(f) ?? "")]));
    const cleaned = cleanContactInput(raw);
    const empty = contactFields.filter((f) => cleaned[f] === "");
    if (empty.length === 0) {
      setClientFailure(null);
      return;
    }
    // "Please fill in all fields", and nothing is sent.
    event.preventDefault();
    const message = t("form.required");
    setClientFailure({
      values: raw as Record<ContactField, string>,
      message,
      fields: Object.fromEntries(empty.map((f) => [f, t("form.fieldRequired")])),
      toast: { type: "error", title: tc("toast.error"), description: message },
    });
  };

  const brandInfo = root?.brand;
  const website = brandInfo?.siteUrl ?? "";
  const websiteLabel = website.replace(/^https?:\/\//, "").replace(/\/$/, "");

  const fieldProps = (field: ContactField) => ({
    id: ids[field],
    name: field,
    defaultValue: shown?.values[field] ?? "",
    "aria-invalid": shown?.fields[field] ? true : undefined,
    "aria-describedby": [field === "phone_number" ? "contact-phone-hint" : "", shown?.fields[field] ? `${ids[field]}-error` : ""]
      .filter(Boolean)
      .join(" ") || undefined,
    required: true,
    className: "field-input mt-2",
  });

  const fieldError = (field: ContactField) =>
    shown?.fields[field] ? (
      <p id={`${ids[field]}-error`} className="field-error" data-testid={`error-${field}`}>
        {shown.fields[field]}
      </p>
    ) : null;

  return (
    <>
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} />
      {shown ? <Toaster toast={shown.toast} /> : null}

      <section className="bg-gradient-to-b from-sand-100 to-sand-50">
        <div className="mx-auto max-w-6xl px-5 pb-6 pt-10 sm:px-8 lg:pt-16">
          <p className="text-sm font-medium uppercase tracking-wide text-accent-700">{t("eyebrow")}</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight sm:text-4xl lg:text-5xl">{t("title")}</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-700">{t("lead")}</p>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-8 px-5 pb-20 pt-6 sm:px-8 lg:grid-cols-[1.6fr_1fr] lg:items-start">
        <section aria-labelledby="contact-form-title" className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-9">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {t("form.title")}
          </h2>
          {shown ? (
            <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="contact-error">
              {shown.message}
            </p>
          ) : null}
          <Form
            ref={formRef}
            key={location.key}
            method="post"
            action="/contact"
            noValidate
            onSubmit={onSubmit}
            aria-labelledby="contact-form-title"
            className="mt-6 space-y-5"
          >
            <div>
              <label htmlFor={ids.name} className="block font-medium">
                {t("form.name")}
              </label>
              <input {...fieldProps("name")} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.name} placeholder={t("form.namePlaceholder")} />
              {fieldError("name")}
            </div>
            <div>
              <label htmlFor={ids.phone_number} className="block font-medium">
                {t("form.phone")}
              </label>
              <input
                {...fieldProps("phone_number")}
                type="tel"
                dir="ltr"
                inputMode="tel"
                autoComplete="tel"
                maxLength={CONTACT_LIMITS.phone_number}
                placeholder={t("form.phonePlaceholder")}
                className="field-input mt-2 text-start"
              />
              <p id="contact-phone-hint" className="mt-1 text-sm text-ink-500">
                {t("form.phoneHint")}
              </p>
              {fieldError("phone_number")}
            </div>
            <div>
              <label htmlFor={ids.message} className="block font-medium">
                {t("form.message")}
              </label>
              <textarea {...fieldProps("message")} rows={6} maxLength={CONTACT_LIMITS.message} placeholder={t("form.messagePlaceholder")} />
              {fieldError("message")}
            </div>
            {/* A trap for bots: hidden from people and assistive technology; a filled one stores nothing. */}
            <div className="absolute -start-[9999px] size-px overflow-hidden" aria-hidden="true">
              <label htmlFor="contact-website">{t("form.honeypot")}</label>
              <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <SubmitButton pending={pending} label={t("form.submit")} pendingLabel={t("form.submitting")} className="w-full sm:w-auto" />
          </Form>
        </section>

        <aside aria-labelledby="contact-card-title" className="rounded-3xl bg-accent-50 p-6 sm:p-9">
          <h2 id="contact-card-title" className="text-xl font-semibold">
            {t("card.title")}
          </h2>
          <dl className="mt-6 space-y-5">
            <div>
              <dt className="text-sm font-medium text-ink-500">{t("card.email")}</dt>
              <dd className="mt-1">
                <a href={`mailto:${brandInfo?.email ?? ""}`} className="ltr-token break-all font-semibold text-accent-800 underline underline-offset-4 hover:text-ink-900" data-testid="contact-email">
                  {brandInfo?.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-ink-500">{t("card.website")}</dt>
              <dd className="mt-1">
                <a href={website} className="ltr-token break-all font-semibold text-accent-800 underline underline-offset-4 hover:text-ink-900">
                  {websiteLabel}
                </a>
              </dd>
            </div>
          </dl>
          <p className="mt-6 text-sm text-ink-700">{t("card.reply")}</p>
        </aside>
      </div>
    </>
  );
}
