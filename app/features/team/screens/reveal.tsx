import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { focusOnMount } from "~/platform/ui/admin-card";
import { AdminTime } from "~/platform/ui/admin-time";
import { CopyButton } from "~/platform/ui/copy-button";
import { Isolated } from "~/platform/ui/isolated";
import type { Reveal } from "./team-action.server";

/** The temporary password or invitation link of a new (or reset) member, shown once; focus moves here. */
export function RevealPanel({ reveal, note }: { reveal: Reveal; note?: string }) {
  const { t } = useTranslation("team");
  const { t: tAdmin } = useTranslation("admin");
  const language = useLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => focusOnMount(heading.current), [reveal]);
  const value = reveal.password ?? reveal.invitationUrl ?? "";
  return (
    <section aria-labelledby="reveal-title" data-testid="reveal" className="rounded-2xl border border-accent-600/40 bg-accent-50 p-5 shadow-sm sm:p-6">
      {note ? (
        <p role="status" className="mb-2 font-semibold text-accent-800">
          {note}
        </p>
      ) : null}
      <h2 id="reveal-title" ref={heading} tabIndex={-1} className="font-display text-xl font-semibold text-ink-900 focus:outline-none">
        <Isolated template={t("reveal.title", { username: "\u0000" })} value={reveal.username} />
      </h2>
      {reveal.mailedTo ? (
        <p className="mt-3 text-sm text-ink-900" data-testid="reveal-mailed">
          {reveal.mailConfigured ? <Isolated template={t("reveal.mailed", { email: "\u0000" })} value={reveal.mailedTo} /> : t("reveal.notConfigured")}
        </p>
      ) : null}
      <p className="mt-3 text-sm font-semibold text-ink-900">{reveal.password ? t("reveal.password") : t("reveal.link")}</p>
      <p dir="ltr" className="mt-1 rounded-lg bg-white px-3 py-2 text-start font-mono text-sm break-all text-ink-900 select-all" data-testid="reveal-value">
        {value}
      </p>
      <CopyButton text={value} label={reveal.password ? tAdmin("copy.password") : tAdmin("copy.link")} className="mt-2" />
      {reveal.expiresAt ? (
        <p className="mt-2 text-sm text-ink-700">
          <Isolated template={t("reveal.expires", { date: "\u0000" })} value={<AdminTime iso={reveal.expiresAt} language={language} />} ltr={false} />
        </p>
      ) : null}
      <p className="mt-2 text-sm text-ink-700">{t("reveal.note")}</p>
      <Link to="/admin/dashboard/team" className="btn-secondary mt-4 inline-flex">
        {t("reveal.done")}
      </Link>
    </section>
  );
}
