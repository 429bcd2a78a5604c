import { useTranslation } from "react-i18next";
import type { AlertKind, AlertStatus } from "@db/schema";

const KIND_TONE: Record<AlertKind, string> = {
  clone: "bg-red-100 text-red-900",
  guessing: "bg-orange-100 text-orange-900",
  market: "bg-violet-100 text-violet-900",
};
const STATUS_TONE: Record<AlertStatus, string> = {
  open: "bg-red-700 text-white",
  acknowledged: "bg-amber-100 text-amber-900",
  closed: "bg-sand-200 text-ink-900",
};

const badge = "inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold";

export function KindBadge({ kind }: { kind: AlertKind }) {
  const { t } = useTranslation("protection");
  return <span className={`${badge} ${KIND_TONE[kind]}`}>{t(`alerts.kinds.${kind}`)}</span>;
}

export function AlertStatusBadge({ status }: { status: AlertStatus }) {
  const { t } = useTranslation("protection");
  return (
    <span className={`${badge} ${STATUS_TONE[status]}`} data-testid="alert-status">
      {t(`alerts.statuses.${status}`)}
    </span>
  );
}
