import { useTranslation } from "react-i18next";
import type { LabelFacts } from "~/platform/catalog/labels";

/**
 * What the product's EU label says (decision 192), below its tabs: the ingredients (`#ingredients`,
 * where GS1's `ingredientsInfo` link leads) and safe use (`#safety`, `safetyInfo`): the period after
 * opening, a best-before date on the pack where there is one, the precautions and the responsible
 * person. Plain markup, the same with or without JavaScript.
 */
export function ProductLabelFacts({ facts }: { facts: LabelFacts }) {
  const { t } = useTranslation("catalog");
  const box = "scroll-mt-24 rounded-3xl border border-ink-900/10 bg-white p-6 sm:p-7";
  const term = "text-sm font-semibold text-ink-900";
  return (
    <div className="mt-12 grid gap-6 lg:grid-cols-2" data-testid="label-facts">
      <section id="ingredients" aria-labelledby="ingredients-title" className={box}>
        <h2 id="ingredients-title" className="font-display text-xl font-semibold text-ink-900">
          {t("label.ingredientsTitle")}
        </h2>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm text-ink-700">
          <dt className={term}>{t("label.function")}</dt>
          <dd data-testid="label-function">{facts.function}</dd>
          <dt className={term}>{t("label.content")}</dt>
          <dd>
            <bdi dir="ltr">{facts.content}</bdi>
          </dd>
        </dl>
        <h3 className={`mt-5 ${term}`}>{t("label.ingredients")}</h3>
        <p className="mt-1 text-xs text-ink-500">{t("label.ingredientsNote")}</p>
        {/* INCI names are the same in every language: written left to right. */}
        <p lang="en" dir="ltr" className="mt-2 text-start text-sm leading-relaxed text-ink-700" data-testid="label-ingredients">
          {facts.ingredients.join(", ")}.
        </p>
      </section>
      <section id="safety" aria-labelledby="safety-title" className={box}>
        <h2 id="safety-title" className="font-display text-xl font-semibold text-ink-900">
          {t("label.safetyTitle")}
        </h2>
        <p className="mt-4 text-sm text-ink-700" data-testid="label-after-opening">
          {t("label.afterOpening", { count: facts.periodAfterOpeningMonths })}
          {facts.bestBeforeOnPack ? ` ${t("label.bestBefore")}` : ""}
        </p>
        <h3 className={`mt-5 ${term}`}>{t("label.precautions")}</h3>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-ink-700" data-testid="label-precautions">
          {facts.precautions.map((precaution) => (
            <li key={precaution}>{precaution}</li>
          ))}
        </ul>
        <h3 className={`mt-5 ${term}`}>{t("label.responsible")}</h3>
        <address className="mt-1 text-sm not-italic text-ink-700" data-testid="label-responsible">
          <bdi dir="ltr">
            {facts.responsible.name}, {facts.responsible.address}
          </bdi>
        </address>
      </section>
    </div>
  );
}
