import { getProduct, productName, productSummary } from "~/platform/catalog/catalog";
import type { Product } from "~/platform/catalog/types";
import { fixedT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { brand, env } from "~/platform/lib/env.server";
import { toGtin14 } from "~/platform/codes/digital-link";
import { uriPath, type ResolverUri } from "./uri";

/**
 * What the product and pack pages say to machines (schema.org JSON-LD, decision 193): a product page
 * is a `Product` (its name in the page's language, the brand, its GTIN-14, pictures and GS1 Digital
 * Link), a pack page an `IndividualProduct` (its serial, lot and Digital Link, and the product it is one
 * of: name, brand, GTIN, pictures). A lot under a recall is said so: the product's page lists each recall notice it has
 * (`subjectOf`), a recalled pack carries its recall as a property and the notice's page.
 */

type JsonLd = Record<string, unknown>;

/** The open recalls a page knows of: the lot and since when (YYYY-MM-DD). */
type Recalled = { lot: string; since: string };

function productFacts(product: Product, language: Language): JsonLd {
  const site = env().SITE_URL;
  const b = brand();
  const gtin = toGtin14(product.gtin)!;
  return {
    name: productName(product, language),
    description: productSummary(product, language, 300),
    brand: { "@type": "Brand", name: language === "ar" ? b.nameAr : b.name },
    gtin,
    image: product.images.map((src) => `${site}${src}`),
    hasGS1DigitalLink: `${site}${uriPath({ gtin, cpv: null, lot: null, serial: null })}`,
  };
}

/** The page of a lot's recall notice, as a page a product or pack is the subject of. */
function recallNotice(product: Product, recall: Recalled, language: Language): JsonLd {
  const site = env().SITE_URL;
  const gtin = toGtin14(product.gtin)!;
  return {
    "@type": "WebPage",
    name: fixedT(language, "resolver")("links.recallNotice", { product: productName(product, language), lot: recall.lot }),
    url: `${site}/recalls${uriPath({ gtin, cpv: null, lot: recall.lot, serial: null })}`,
    datePublished: recall.since,
  };
}

/** A product page's `Product`, with the notices of its recalled lots. */
export function productJsonLd(product: Product, language: Language, recalls: readonly Recalled[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${env().SITE_URL}/product/${product.id}`,
    url: `${env().SITE_URL}/product/${product.id}`,
    ...productFacts(product, language),
    ...(recalls.length > 0 ? { subjectOf: recalls.map((recall) => recallNotice(product, recall, language)) } : {}),
  };
}

/**
 * A pack page's `IndividualProduct`: its serial, its lot (as GS1's `hasBatchLotNumber` and as a
 * schema.org property), its own Digital Link and the product it is one of; a recalled pack says so.
 */
export function packJsonLd(product: Product, pack: { lot: string; serial: string; recall: Recalled | null }, language: Language): JsonLd {
  const site = env().SITE_URL;
  const gtin = toGtin14(product.gtin)!;
  const link = `${site}${uriPath({ gtin, cpv: null, lot: pack.lot, serial: pack.serial })}`;
  const facts = productFacts(product, language);
  const properties: JsonLd[] = [{ "@type": "PropertyValue", propertyID: "gs1:hasBatchLotNumber", name: "lot", value: pack.lot }];
  if (pack.recall) properties.push({ "@type": "PropertyValue", name: "recalled", value: true, startDate: pack.recall.since });
  return {
    "@context": { "@vocab": "https://schema.org/", gs1: "https://gs1.org/voc/" },
    "@type": "IndividualProduct",
    "@id": link,
    ...facts,
    hasGS1DigitalLink: link,
    serialNumber: pack.serial,
    "gs1:hasBatchLotNumber": pack.lot,
    additionalProperty: properties,
    url: link,
    ...(pack.recall ? { subjectOf: recallNotice(product, pack.recall, language) } : {}),
  };
}

/**
 * A pack page's JSON-LD, from what the page shows: an `IndividualProduct` of a pack we made (its product
 * and lot known), null on the counterfeit answer (no pack of ours is there to describe).
 */
export function packPageJsonLd(uri: ResolverUri, view: { product: { id: string } | null; lot: string | null; recall: { day: string } | null }, language: Language): JsonLd | null {
  const product = view.product ? getProduct(view.product.id) : undefined;
  if (!product || !view.lot || uri.serial === null) return null;
  return packJsonLd(product, { lot: view.lot, serial: uri.serial, recall: view.recall ? { lot: view.lot, since: view.recall.day } : null }, language);
}
