import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { BidiText } from "~/platform/ui/bidi-text";
import type { RecallShown } from "../codes/view";

/**
 * A recalled run's notice for a shopper (decision 153), in amber: since when, the brand's notice in the
 * page's language (its line breaks kept), what to do and where to ask. The result of a check and a
 * pack's page show it.
 */
export function RecallNotice({ recall }: { recall: RecallShown }) {
  const { t } = useTranslation("verify");
  return (
    <section className="mt-4 w-full rounded-2xl border border-amber-300 bg-amber-50 p-4 text-start text-sm text-amber-950" data-testid="recall-notice">
      <p className="font-semibold" data-testid="recall-since">
        <BidiText text={t("dialog.recallSince", isolated({ date: recall.since }, ["date"]))} />
      </p>
      <h3 className="mt-2 font-medium">{t("dialog.recallNotice")}</h3>
      <p className="mt-1 whitespace-pre-line" dir="auto" data-testid="recall-text">
        {recall.notice}
      </p>
      <p className="mt-3">{t("dialog.recallWhatToDo")}</p>
      <Link to="/contact" className="mt-2 inline-block font-semibold text-amber-950 underline underline-offset-4">
        {t("dialog.recallContact")}
      </Link>
    </section>
  );
}
