import { useTranslation } from "react-i18next";
import type { ReportStatus } from "@db/schema";

const TONE: Record<ReportStatus, string> = {
  new: "bg-red-700 text-white",
  investigating: "bg-amber-100 text-amber-900",
  closed: "bg-sand-200 text-ink-900",
};

export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation("protection");
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${TONE[status]}`} data-testid="report-status">
      {t(`reports.statuses.${status}`)}
    </span>
  );
}
