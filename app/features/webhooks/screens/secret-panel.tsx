import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { focusOnMount } from "~/platform/ui/admin-card";
import { CopyButton } from "~/platform/ui/copy-button";
import { Isolated } from "~/platform/ui/isolated";
import type { SecretReveal } from "./webhooks-action.server";

/** A signing secret, shown once (also without JavaScript: it is in the answer page); focus moves to it. */
export function SecretPanel({ reveal, note, doneTo }: { reveal: SecretReveal; note?: string | undefined; doneTo: string }) {
  const { t } = useTranslation("webhooks");
  const panel = useRef<HTMLElement>(null);
  useEffect(() => focusOnMount(panel.current), [reveal]);
  return (
    <section ref={panel} tabIndex={-1} aria-labelledby="secret-title" data-testid="webhook-reveal" className="mt-8 rounded-2xl border border-accent-600/40 bg-accent-50 p-5 shadow-sm focus:outline-none sm:p-6">
      <h2 id="secret-title" className="font-display text-xl font-semibold break-all text-ink-900">
        <Isolated template={t("reveal.title", { url: "\u0000" })} value={reveal.url} />
      </h2>
      {note ? (
        <p role="status" className="mt-1 font-semibold text-accent-800">
          {note}
        </p>
      ) : null}
      <p className="mt-3 text-sm font-semibold text-ink-900">{t("reveal.secret")}</p>
      <p dir="ltr" className="mt-1 rounded-lg bg-white px-3 py-2 text-start font-mono text-sm break-all text-ink-900 select-all" data-testid="webhook-secret">
        {reveal.secret}
      </p>
      <p className="mt-2 text-sm text-ink-700">{t("reveal.note")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <CopyButton text={reveal.secret} label={t("reveal.copy")} />
        <Link to={doneTo} className="btn-secondary inline-flex">
          {t("reveal.done")}
        </Link>
      </div>
    </section>
  );
}
