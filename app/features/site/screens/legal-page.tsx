import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LegalPage } from "@locales/en/legal";
import { dateFormat } from "~/platform/i18n/format";
import { defaultLanguage } from "~/platform/i18n/languages";
import { useBrandName, useRootData } from "~/platform/ui/root-data";
import { PageMeta } from "~/platform/ui/page-meta";

/** The date both legal texts were last changed (ISO); update it with the texts. */
export const LEGAL_UPDATED = "2026-11-23";

/** A legal text from the `legal` dictionary: title, date, contents, sections, and the contact e-mail. */
export function LegalDocument({ page, related }: { page: "privacy" | "terms"; related: "privacy" | "terms" }) {
  const { t } = useTranslation("legal");
  const root = useRootData();
  const brand = useBrandName();
  const language = root?.language ?? defaultLanguage;
  const doc = t(page, { returnObjects: true, brand }) as LegalPage;
  const updated = dateFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${LEGAL_UPDATED}T00:00:00Z`));
  const email = root?.brand.email ?? "";

  return (
    <article data-testid={`legal-${page}`} className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <PageMeta title={doc.metaTitle} description={doc.metaDescription} />
      <header className="border-b border-ink-900/10 pb-8">
        <h1 className="text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">{doc.title}</h1>
        <p className="mt-4 text-sm text-ink-500">
          <time dateTime={LEGAL_UPDATED}>{t("updated", { date: updated })}</time>
        </p>
        <p className="mt-6 text-lg leading-relaxed text-ink-700">{doc.intro}</p>
      </header>

      <nav aria-labelledby={`${page}-contents`} className="mt-8 rounded-2xl bg-sand-100 p-6">
        <h2 id={`${page}-contents`} className="text-sm font-semibold text-ink-900">
          {t("contents")}
        </h2>
        <ol className="mt-3 grid gap-x-8 gap-y-2 text-ink-700 sm:grid-cols-2">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded-sm underline-offset-4 hover:text-ink-900 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-4">
        {doc.sections.map((section) => (
          <LegalSection key={section.id} section={section} email={email} />
        ))}
      </div>

      <p className="mt-14 border-t border-ink-900/10 pt-6 text-ink-700">
        <Link
          to={`/${related}`}
          className="font-semibold text-accent-800 underline underline-offset-4 hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-700"
        >
          {t(`${related}.title`)}
        </Link>
      </p>
    </article>
  );
}

type Section = LegalPage["sections"][number];

/** One numbered section of a legal text: paragraphs, and its list, definitions, links or e-mail when it has them. */
function LegalSection({ section, email }: { section: Section; email: string }) {
  return (
    <section id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-24 pt-10">
      <h2 id={`${section.id}-heading`} className="text-2xl leading-snug font-semibold">
        {section.heading}
      </h2>
      {section.paragraphs.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-relaxed text-ink-700">
          {paragraph}
        </p>
      ))}
      {section.items?.length ? (
        <ul className="mt-4 list-disc space-y-2 ps-6 leading-relaxed text-ink-700">
          {section.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.definitions?.length ? (
        <dl className="mt-5 divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
          {section.definitions.map((definition) => (
            <div key={definition.term} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
              <dt>
                <code dir="ltr" className="ltr-token text-sm font-semibold text-accent-800">
                  {definition.term}
                </code>
              </dt>
              <dd className="leading-relaxed text-ink-700">{definition.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {section.links?.length ? (
        <ul className="mt-3 space-y-1">
          {section.links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                dir="ltr"
                rel="noopener"
                className="ltr-token font-semibold text-accent-800 underline underline-offset-4 hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-700"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {section.email ? (
        <p className="mt-3">
          <a
            href={`mailto:${email}`}
            dir="ltr"
            className="ltr-token font-semibold text-accent-800 underline underline-offset-4 hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-700"
          >
            {email}
          </a>
        </p>
      ) : null}
    </section>
  );
}
