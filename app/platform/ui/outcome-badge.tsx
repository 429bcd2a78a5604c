import { useTranslation } from "react-i18next";

/** The tone of each scan outcome (db/schema.ts's ScanOutcome, which must fit here). */
const TONE = {
  valid: "bg-accent-100 text-accent-800",
  used: "bg-orange-100 text-orange-900",
  replayed: "bg-pink-100 text-pink-900",
  wrong_pin: "bg-cyan-100 text-cyan-900",
  bad_mac: "bg-indigo-100 text-indigo-900",
  unknown: "bg-red-100 text-red-900",
  expired: "bg-sand-200 text-ink-900",
  revoked: "bg-violet-100 text-violet-900",
  recalled: "bg-amber-100 text-amber-900",
} as const;

export type Outcome = keyof typeof TONE;

/** A scan's outcome as a badge ("Genuine", "Already used", …). */
export function OutcomeBadge({ outcome }: { outcome: Outcome }) {
  const { t } = useTranslation("protection");
  return <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${TONE[outcome]}`}>{t(`outcomes.${outcome}`)}</span>;
}
