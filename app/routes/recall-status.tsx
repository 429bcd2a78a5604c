import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { ProductRecalls } from "~/features/batches/screens/product-recalls";
import { shopperHeaders } from "~/platform/http/private.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { isolated } from "~/platform/lib/bidi";
import { useBundles } from "~/platform/i18n/use-bundles";
import { loadRecallStatus, recallStatusJson } from "~/features/resolver/recall-status.server";
import { BidiText } from "~/platform/ui/bidi-text";
import { PageMeta } from "~/platform/ui/page-meta";
import type { Route } from "./+types/recall-status";

/** Read fresh each time: a recall may be made or lifted at any moment. */
export const headers = shopperHeaders;

/** `?format=json` (or a request that prefers JSON): the recall status document, for machines. */
export const middleware: Route.MiddlewareFunction[] = [recallStatusJson];

/**
 * `/recalls/01/{GTIN}/10/{lot}`: a lot's recall status for people (decision 190), where its
 * `gs1:recallStatus` links lead and a recalled lot's Digital Link goes by default: the EU recall notice
 * while the lot is recalled, otherwise that it is not.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await loadRecallStatus(request, context);
  return data({ view, i18n: routeBundles(context, ["resolver.recallPage", "catalog.product"]) }, { headers: shopperHeaders() });
}

export default function RecallStatus({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("resolver");
  const { product, lot, recall } = loaderData.view;
  const words = { product: product.name, lot };
  return (
    <section className="mx-auto max-w-2xl px-5 pb-14 pt-10 sm:px-8 lg:pt-16" data-testid="recall-status" data-recalled={recall ? "true" : "false"}>
      <PageMeta title={t("recallPage.metaTitle", words)} noindex />
      <p className="eyebrow">{t("recallPage.eyebrow")}</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight text-ink-900 sm:text-4xl">
        <BidiText text={t("recallPage.title", isolated(words, ["product"]))} />
      </h1>
      {recall ? (
        <ProductRecalls recalls={[recall]} product={product} />
      ) : (
        <p role="note" className="mt-6 rounded-2xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-900" data-testid="recall-clear">
          {t("recallPage.clear")}
        </p>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        <Link className="btn-secondary" to={`/product/${product.id}`}>
          {t("recallPage.productLink")}
        </Link>
        <Link className="btn-primary" to="/verify">
          {t("recallPage.check")}
        </Link>
      </div>
    </section>
  );
}
