import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { BidiText } from "~/platform/ui/bidi-text";

/**
 * An open recall of one of a product's runs, as its public page shows it: the date formatted and the
 * texts in the page's language (the hazard and remedy "" for a recall made before them, decision 191).
 */
export type ProductRecall = { lot: string; since: string; notice: string; hazard: string; remedy: string };

/** The product as the EU recall notice names it: its name, picture and GTIN-14. */
type RecalledProduct = { name: string; image: string | null; gtin: string };

/**
 * One amber notice per recalled run of the product (decisions 153, 191), as the EU recall notice reads:
 * "Product safety recall", the product's picture, name, GTIN and lot, "recalled since", the hazard,
 * "Stop using this product", what to do and the brand's notice.
 */
export function ProductRecalls({ recalls, product }: { recalls: ProductRecall[]; product: RecalledProduct }) {
  const { t } = useTranslation("catalog");
  if (recalls.length === 0) return null;
  const ltr = "ltr-token font-mono";
  return (
    <div className="mt-6 grid gap-3">
      {recalls.map((recall) => (
        <section key={recall.lot} role="note" aria-label={t("product.recallHeading")} className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="product-recall">
          <p className="text-base font-bold" data-testid="product-recall-heading">
            {t("product.recallHeading")}
          </p>
          <div className="mt-3 flex items-start gap-3">
            {product.image ? <img src={product.image} alt="" width={64} height={64} className="size-16 shrink-0 rounded-xl bg-white object-contain" /> : null}
            <div className="min-w-0">
              <p className="font-semibold">{product.name}</p>
              <p className="mt-0.5">
                {t("product.gtin")}{" "}
                <bdi dir="ltr" className={ltr} data-testid="product-recall-gtin">
                  {product.gtin}
                </bdi>
              </p>
            </div>
          </div>
          <h2 className="mt-3 font-semibold">
            <BidiText text={t("product.recalled", isolated({ lot: recall.lot, date: recall.since }, ["date"]))} />
          </h2>
          {recall.hazard ? <Part title={t("product.recallHazard")} text={recall.hazard} /> : null}
          <p className="mt-3 font-bold">{t("product.recallStop")}</p>
          {recall.remedy ? <Part title={t("product.recallRemedy")} text={recall.remedy} /> : null}
          <Part title={t("product.recallNotice")} text={recall.notice} />
          <p className="mt-3">
            {t("product.recallAdvice")}{" "}
            <Link to="/contact" className="font-semibold underline underline-offset-4">
              {t("product.contact")}
            </Link>
          </p>
        </section>
      ))}
    </div>
  );
}

/** One titled part of a recall, in the language the brand wrote it (its line breaks kept). */
function Part({ title, text }: { title: string; text: string }) {
  return (
    <>
      <h3 className="mt-3 font-semibold">{title}</h3>
      <p className="mt-1 whitespace-pre-line" dir="auto">
        {text}
      </p>
    </>
  );
}
