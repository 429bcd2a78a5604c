import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { focusOnMount } from "~/platform/ui/admin-card";
import { CopyButton } from "~/platform/ui/copy-button";

/** The ten recovery codes, shown once, right after they were made; focus moves to them. */
export function RecoveryCodes({ codes, note }: { codes: string[]; note?: string }) {
  const { t } = useTranslation("account");
  const { t: tAdmin } = useTranslation("admin");
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusOnMount(heading.current), [codes]);
  return (
    <section aria-labelledby="recovery-title" data-testid="recovery-codes" className="mt-6 rounded-2xl border border-accent-600/40 bg-accent-50 p-5">
      {note ? <p className="mb-2 font-semibold text-accent-800" role="status">{note}</p> : null}
      <h3 id="recovery-title" ref={heading} tabIndex={-1} className="font-display text-lg font-semibold text-ink-900 focus:outline-none">
        {t("recovery.title")}
      </h3>
      <p className="mt-2 text-sm text-ink-700">{t("recovery.body")}</p>
      <ul aria-label={t("recovery.listLabel")} dir="ltr" className="mt-4 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-white px-3 py-2 text-center tracking-wider text-ink-900" data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label={tAdmin("copy.codes")} className="mt-3" />
      <Link to="/admin/dashboard/account#two-factor" className="btn-secondary mt-4 inline-flex">
        {t("recovery.done")}
      </Link>
    </section>
  );
}
