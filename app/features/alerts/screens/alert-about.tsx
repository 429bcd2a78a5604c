import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { countryName } from "~/platform/i18n/countries";
import { counted } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { useLanguage } from "~/platform/ui/root-data";
import { ScanCode } from "~/platform/ui/scan-code";
import type { AlertRow } from "./alerts-loader.server";

/** What the alert is about: the code and its product, or the whole site, or one client. */
export function AlertAbout({ alert }: { alert: AlertRow }) {
  const { t } = useTranslation("protection");
  const language = useLanguage();
  if (alert.code) {
    return (
      <span className="flex flex-col gap-0.5">
        <ScanCode code={alert.code} />
        {alert.product ? <span className="text-xs text-ink-700">{language === "ar" ? alert.product.name_ar : alert.product.name}</span> : null}
      </span>
    );
  }
  return <span>{alert.detail?.kind === "guessing" && alert.detail.reason === "client" ? t("alerts.oneClient") : t("alerts.siteWide")}</span>;
}

/** Why the alert was raised, one line per reason, in the reader's language. */
export function alertReasons(alert: AlertRow, t: TFunction<"protection">, language: Language): string[] {
  const detail = alert.detail;
  if (!detail) return [];
  const list = (codes: string[]) => codes.map((c) => countryName(c, language)).join(language === "ar" ? "، " : ", ");
  switch (detail.kind) {
    case "clone":
      return detail.reasons.map((reason) => {
        if (reason === "clients") return t("alerts.reasons.clients", counted(detail.other_clients, language));
        if (reason === "countries" || reason === "tap_countries") return t(`alerts.reasons.${reason}`, { list: list(detail.countries) });
        if (reason === "replayed") return t("alerts.reasons.replayed");
        return t("alerts.reasons.checks_24h", counted(detail.checks_24h, language));
      });
    case "guessing":
      if (detail.reason === "pack") return [t("alerts.reasons.pack", counted(detail.clients_24h, language))];
      return detail.reason === "spike"
        ? [t("alerts.reasons.spike", { threshold: detail.threshold })]
        : [t("alerts.reasons.client", { ...counted(detail.limit_hits_24h, language), client: detail.client })];
    case "market":
      return [t("alerts.reasons.market", { countries: list(detail.countries), market: countryName(detail.market, language) })];
  }
}
