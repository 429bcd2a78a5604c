import { useTranslation } from "react-i18next";
import type { ScanOutcome } from "@db/schema";

const TONE: Record<ScanOutcome, string> = {
  valid: "bg-accent-100 text-accent-800",
  used: "bg-orange-100 text-orange-900",
  unknown: "bg-red-100 text-red-900",
  expired: "bg-sand-200 text-ink-900",
  revoked: "bg-violet-100 text-violet-900",
};

/** A scan's outcome as a badge ("Genuine", "Already used", …). */
export function OutcomeBadge({ outcome }: { outcome: ScanOutcome }) {
  const { t } = useTranslation("protection");
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${TONE[outcome]}`}>{t(`outcomes.${outcome}`)}</span>;
}

/**
 * What a shopper typed, as stored (normalised): always left to right, monospace, and only ever as
 * text (React escapes it), however odd it is.
 */
export function ScanCode({ code }: { code: string | null }) {
  if (!code) return <span>—</span>;
  return (
    <bdi dir="ltr" className="ltr-token inline-block max-w-[14rem] truncate align-bottom font-mono text-sm font-semibold tracking-wider" title={code} data-testid="scan-code">
      {code}
    </bdi>
  );
}
