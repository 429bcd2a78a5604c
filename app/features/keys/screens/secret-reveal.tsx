import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { focusOnMount } from "~/platform/ui/admin-card";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { Isolated } from "~/platform/ui/isolated";
import type { KeyReveal } from "./keys-action.server";

/** With JavaScript: copies the secret to the clipboard and says so. */
function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation("keys");
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn-secondary"
      data-testid="copy-secret"
      onClick={() => {
        void navigator.clipboard?.writeText(value).then(() => setCopied(true));
      }}
    >
      {copied ? t("reveal.copied") : t("reveal.copy")}
    </button>
  );
}

/** A new key's secret, shown once (also without JavaScript: it is in the answer page); focus moves to it. */
export function SecretReveal({ reveal, note, className = "" }: { reveal: KeyReveal; note?: string; className?: string }) {
  const { t } = useTranslation("keys");
  const hydrated = useHydrated();
  const panel = useRef<HTMLElement>(null);
  useEffect(() => focusOnMount(panel.current), [reveal]);
  return (
    <section ref={panel} tabIndex={-1} aria-labelledby="secret-title" data-testid="key-reveal" className={`rounded-2xl border border-accent-600/40 bg-accent-50 p-5 shadow-sm focus:outline-none sm:p-6 ${className}`}>
      <h2 id="secret-title" className="font-display text-xl font-semibold text-ink-900">
        <Isolated template={t("reveal.title", { name: "\u0000" })} value={reveal.name} ltr={false} />
      </h2>
      {note ? <p role="status" className="mt-1 font-semibold text-accent-800">{note}</p> : null}
      <p className="mt-3 text-sm font-semibold text-ink-900">{t("reveal.secret")}</p>
      <p dir="ltr" className="mt-1 rounded-lg bg-white px-3 py-2 text-start font-mono text-sm break-all text-ink-900 select-all" data-testid="key-secret">
        {reveal.secret}
      </p>
      <p className="mt-2 text-sm text-ink-700">
        <Isolated template={t("reveal.note", { header: "\u0000" })} value={<code className="font-mono text-xs">Authorization: Bearer …</code>} />
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {hydrated ? <CopyButton value={reveal.secret} /> : null}
        <Link to="/admin/dashboard/keys" className="btn-secondary inline-flex">
          {t("reveal.done")}
        </Link>
      </div>
    </section>
  );
}
