import { useTranslation } from "react-i18next";

/** A run's state: active, or revoked (in red). */
export function RunStatus({ status }: { status: "active" | "revoked" }) {
  const { t } = useTranslation("batches");
  const tone = status === "active" ? "bg-accent-100 text-accent-800" : "bg-red-100 text-red-800";
  return (
    <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`} data-testid="run-status">
      {t(`status.${status}`)}
    </span>
  );
}

/** A run under an open recall (decision 153), in amber beside its state. */
export function RecalledBadge() {
  const { t } = useTranslation("batches");
  return (
    <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900" data-testid="run-recalled">
      {t("status.recalled")}
    </span>
  );
}

/** A lot as admins read it: always left to right, also inside Arabic text. */
export function LotText({ lot }: { lot: string }) {
  return (
    <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold">
      {lot}
    </bdi>
  );
}
