import { useTranslation } from "react-i18next";
import type { DeliveryView } from "../endpoints.server";

const tone = { pending: "bg-amber-100 text-amber-900", delivered: "bg-accent-100 text-accent-800", failed: "bg-red-100 text-red-800" };

/** A delivery's state as a badge, with the receiver's HTTP status when there was one. */
export function DeliveryBadge({ delivery }: { delivery: Pick<DeliveryView, "status" | "last_status"> }) {
  const { t } = useTranslation("webhooks");
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold ${tone[delivery.status]}`} data-testid="delivery-status">
      {t(`delivery.${delivery.status}`)}
      {delivery.last_status !== null ? <bdi dir="ltr">{` · ${delivery.last_status}`}</bdi> : null}
    </span>
  );
}
