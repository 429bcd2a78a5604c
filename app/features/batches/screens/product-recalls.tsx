import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { BidiText } from "~/platform/ui/bidi-text";

/** An open recall of one of a product's runs, as its public page shows it (the date formatted in the page's language). */
export type ProductRecall = { lot: string; since: string; notice: string };

/** "Lot X recalled since …" with the notice, one per recalled run of the product (decision 153), in amber. */
export function ProductRecalls({ recalls }: { recalls: ProductRecall[] }) {
  const { t } = useTranslation("catalog");
  if (recalls.length === 0) return null;
  return (
    <div className="mt-6 grid gap-3">
      {recalls.map((recall) => (
        <section key={recall.lot} role="note" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="product-recall">
          <h2 className="font-semibold">
            <BidiText text={t("product.recalled", isolated({ lot: recall.lot, date: recall.since }, ["date"]))} />
          </h2>
          <p className="mt-2 whitespace-pre-line" dir="auto">
            {recall.notice}
          </p>
          <p className="mt-2">
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
