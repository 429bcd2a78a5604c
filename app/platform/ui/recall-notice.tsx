import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { BidiText } from "~/platform/ui/bidi-text";
import type { RecallShown } from "../codes/view";

/**
 * A recalled run's notice for a shopper (decisions 153, 191), in amber, as the EU recall notice reads:
 * "Product safety recall", the GTIN and lot (the product's picture and name are beside it, in the
 * same dialog or card), the hazard, "Stop using this product", what to do, the brand's notice (its
 * line breaks kept) and where to ask. A recall made before the hazard and remedy were asked for shows
 * the notice alone. The result of a check, a pack's page and a tag's tap show it.
 *
 * With `titleId` the notice is a landmark of its page (an `aside` named by its heading, that id): a
 * tap's page, where it stands beside the answer rather than inside it.
 */
export function RecallNotice({ recall, lot, titleId }: { recall: RecallShown; lot: string | null; titleId?: string }) {
  const { t } = useTranslation("verify");
  const Tag = titleId ? "aside" : "section";
  return (
    <Tag
      className="mt-4 w-full rounded-2xl border border-amber-300 bg-amber-50 p-4 text-start text-sm text-amber-950"
      data-testid="recall-notice"
      aria-labelledby={titleId}
    >
      <h3 id={titleId} className="text-base font-semibold" data-testid="recall-heading">
        {t("dialog.recallHeading")}
      </h3>
      <p className="mt-1 font-medium" data-testid="recall-since">
        <BidiText text={t("dialog.recallSince", isolated({ date: recall.since }, ["date"]))} />
      </p>
      {recall.gtin || lot ? (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          {recall.gtin ? (
            <>
              <dt>{t("dialog.recallGtin")}</dt>
              <dd>
                <bdi dir="ltr" className="ltr-token font-mono" data-testid="recall-gtin">
                  {recall.gtin}
                </bdi>
              </dd>
            </>
          ) : null}
          {lot ? (
            <>
              <dt>{t("dialog.lot")}</dt>
              <dd>
                <bdi dir="ltr" className="ltr-token font-mono" data-testid="recall-lot">
                  {lot}
                </bdi>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {recall.hazard ? <RecallPart title={t("dialog.recallHazard")} text={recall.hazard} testId="recall-hazard" /> : null}
      <p className="mt-3 text-base font-bold" data-testid="recall-stop">
        {t("dialog.recallStop")}
      </p>
      {recall.remedy ? <RecallPart title={t("dialog.recallRemedy")} text={recall.remedy} testId="recall-remedy" /> : null}
      <RecallPart title={t("dialog.recallNotice")} text={recall.notice} testId="recall-text" />
      <p className="mt-3">{t("dialog.recallWhatToDo")}</p>
      <Link to="/contact" className="mt-2 inline-block font-semibold text-amber-950 underline underline-offset-4">
        {t("dialog.recallContact")}
      </Link>
    </Tag>
  );
}

/** One titled part of the notice, in the language the brand wrote it (its line breaks kept). */
function RecallPart({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <>
      <h4 className="mt-3 font-semibold">{title}</h4>
      <p className="mt-1 whitespace-pre-line" dir="auto" data-testid={testId}>
        {text}
      </p>
    </>
  );
}
