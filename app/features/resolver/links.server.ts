import { lotRecall } from "~/features/batches/recalls.server";
import { productHowToUse, productName } from "~/platform/catalog/catalog";
import { productLabel } from "~/platform/catalog/labels";
import type { Product } from "~/platform/catalog/types";
import { fixedT } from "~/platform/i18n/i18n.server";
import { languages, type Language } from "~/platform/i18n/languages";
import { env } from "~/platform/lib/env.server";
import { productOfGtin } from "~/features/packs/packs.server";
import { authenticityCheck, LINK_TYPES } from "./link-types";
import type { Link } from "./negotiate";
import { isPackUri, uriLevels, uriPath, type ResolverUri } from "./uri";

/**
 * The links of a GS1 Digital Link URI (decision 190), level by level as GS1's resolver standard walks the
 * tree: the product's (GTIN), its lot's, and the pack's (serial); the most granular first, each under its
 * own anchor, every link with its title in its own language and, where English and Arabic both exist,
 * one link for each (`hreflang`). A level with nothing of its own (a variant, AI 22: we have none) has no
 * entry; its links are its product's.
 *
 * - product: `defaultLink` (its page, whose language the browser's settings choose), `pip` (its page in
 *   each language), `instructions` (how to use, where it has one), `ingredientsInfo` and `safetyInfo`
 *   (what its EU label says, decision 192), `registerProduct` and our `authenticityCheck` (the verify
 *   page: check the pack, then sign up for safety notices);
 * - lot: `recallStatus` (the recall status page in each language, and the same as data), and while the
 *   lot is recalled a `defaultLink` of its own: its recall notice comes before the product;
 * - serial: the page at the URI itself (`defaultLink`: the resolver answers it with content, no
 *   redirect), and for the shape our labels print, that page in each language as `authenticityCheck` and
 *   `registerProduct` (the PIN is redeemed there, then the sign-up is offered).
 *
 * What a serial's entry holds never depends on whether we made the serial: the linkset is no oracle for
 * serials (a pack's page is the only answer that tells, and it is rate-limited and logged).
 */

/** One anchor's entry: its link types (full IRIs) in order, each with its links. */
export type LinksetEntry = { anchor: string; itemDescription: string; links: [string, Link[]][] };

/** What the resolver knows of a URI: its product (null when the GTIN is not ours) and its entries, most granular first. */
export type Resolved = { product: Product; entries: LinksetEntry[] };

const HTML = "text/html";
type ResolverT = ReturnType<typeof fixedT<"resolver">>;

/** One link per language: `href(lang)`, titled by `title(t, lang)` in that language. */
function perLanguage(href: (lang: Language) => string, title: (t: ResolverT, lang: Language) => string, type = HTML): Link[] {
  return languages.map((lang) => ({ href: href(lang), title: title(fixedT(lang, "resolver"), lang), type, hreflang: [lang] }));
}

function productEntry(site: string, product: Product, anchor: string, language: Language): LinksetEntry {
  const page = (query = "", hash = "") => `${site}/product/${product.id}${query}${hash}`;
  const name = (lang: Language) => productName(product, lang);
  const t = fixedT(language, "resolver");
  const links: [string, Link[]][] = [
    [LINK_TYPES.defaultLink, [{ href: page(), title: t("links.productPage", { product: name(language) }) }]],
    [LINK_TYPES.pip, perLanguage((lang) => page(`?lng=${lang}`), (tl, lang) => tl("links.pip", { product: name(lang) }))],
  ];
  if (productHowToUse(product, "en")) {
    links.push([LINK_TYPES.instructions, perLanguage((lang) => page(`?tab=how-to-use&lng=${lang}`), (tl, lang) => tl("links.instructions", { product: name(lang) }))]);
  }
  if (productLabel(product.id)) {
    links.push([LINK_TYPES.ingredientsInfo, perLanguage((lang) => page(`?lng=${lang}`, "#ingredients"), (tl, lang) => tl("links.ingredients", { product: name(lang) }))]);
    links.push([LINK_TYPES.safetyInfo, perLanguage((lang) => page(`?lng=${lang}`, "#safety"), (tl, lang) => tl("links.safety", { product: name(lang) }))]);
  }
  links.push([LINK_TYPES.registerProduct, perLanguage((lang) => `${site}/verify?lng=${lang}`, (tl, lang) => tl("links.register", { product: name(lang) }))]);
  links.push([authenticityCheck(site), perLanguage((lang) => `${site}/verify?lng=${lang}`, (tl, lang) => tl("links.check", { product: name(lang) }))]);
  return { anchor, itemDescription: t("item.product", { product: name(language) }), links };
}

/** The recall status of a lot (page in each language, then data) and, while recalled, its notice as the lot's default. */
async function lotEntry(site: string, product: Product, level: ResolverUri, anchor: string, language: Language): Promise<LinksetEntry> {
  const lot = level.lot!;
  const status = `${site}/recalls${uriPath({ gtin: level.gtin, cpv: null, lot, serial: null })}`;
  const words = (lang: Language) => ({ product: productName(product, lang), lot });
  const t = fixedT(language, "resolver");
  const recallLinks: Link[] = [
    ...perLanguage((lang) => `${status}?lng=${lang}`, (tl, lang) => tl("links.recallPage", words(lang))),
    { href: `${status}?format=json`, title: t("links.recallData", words(language)), type: "application/json", hreflang: [...languages] },
  ];
  const links: [string, Link[]][] = [[LINK_TYPES.recallStatus, recallLinks]];
  if (await lotRecall(product.id, lot)) links.unshift([LINK_TYPES.defaultLink, [{ href: status, title: t("links.recallNotice", words(language)) }]]);
  return { anchor, itemDescription: t("item.lot", words(language)), links };
}

function serialEntry(level: ResolverUri, product: Product, anchor: string, language: Language): LinksetEntry {
  const t = fixedT(language, "resolver");
  const name = (lang: Language) => productName(product, lang);
  const links: [string, Link[]][] = [[LINK_TYPES.defaultLink, [{ href: anchor, title: t("links.pack", { product: name(language) }) }]]];
  if (isPackUri(level)) {
    const site = env().SITE_URL;
    links.push([authenticityCheck(site), perLanguage((lang) => `${anchor}?lng=${lang}`, (tl, lang) => tl("links.pack", { product: name(lang) }))]);
    links.push([LINK_TYPES.registerProduct, perLanguage((lang) => `${anchor}?lng=${lang}`, (tl, lang) => tl("links.packRegister", { product: name(lang) }))]);
  }
  return { anchor, itemDescription: t("item.serial", { product: name(language), serial: level.serial! }), links };
}

/**
 * The linkset of a URI, its entries most granular first, the titles that are not in a link's own
 * language in `language`; null when its GTIN is none of ours (the resolver answers 404).
 */
export async function resolveLinks(uri: ResolverUri, language: Language): Promise<Resolved | null> {
  const product = productOfGtin(uri.gtin);
  if (!product) return null;
  const site = env().SITE_URL;
  const entries: LinksetEntry[] = [];
  for (const level of uriLevels(uri)) {
    const anchor = `${site}${uriPath(level)}`;
    if (level.serial !== null) entries.push(serialEntry(level, product, anchor, language));
    else if (level.lot !== null) entries.push(await lotEntry(site, product, level, anchor, language));
    else if (level.cpv === null) entries.push(productEntry(site, product, anchor, language));
  }
  return { product, entries: entries.reverse() };
}

/** A link type's links for a URI: those of the most granular level that has the type (GS1's walk up the tree). */
export function linksOfType(resolved: Resolved, type: string): Link[] {
  for (const entry of resolved.entries) {
    const found = entry.links.find(([iri]) => iri === type);
    if (found) return found[1];
  }
  return [];
}

/** What a page says of the product a GTIN names: its name and its links of `NAMED_TYPES`, in one language. */
export type NamedProduct = { name: string; links: { href: string; title: string }[] };

/** The product's links a page offers beside a label we never made: its page, how to use it, what its label says. */
const NAMED_TYPES = [LINK_TYPES.pip, LINK_TYPES.instructions, LINK_TYPES.ingredientsInfo, LINK_TYPES.safetyInfo];

/**
 * The product a GTIN names and its links in `language`, as its linkset has them (paths, on this site):
 * what the warning page of an unknown serial offers, as GS1's walk up the tree offers the product's
 * links for a serial it does not know (decision 190); null for a GTIN that is not ours.
 */
export async function namedProduct(gtin: string, language: Language): Promise<NamedProduct | null> {
  const resolved = await resolveLinks({ gtin, cpv: null, lot: null, serial: null }, language);
  if (!resolved) return null;
  const links = NAMED_TYPES.flatMap((type) => linksOfType(resolved, type).filter((link) => link.hreflang?.includes(language)));
  const path = (href: string) => {
    const url = new URL(href);
    return `${url.pathname}${url.search}${url.hash}`;
  };
  return { name: productName(resolved.product, language), links: links.map((link) => ({ href: path(link.href), title: link.title })) };
}

/** The default link of a URI: its most granular level's (every product has one, so there always is one). */
export function defaultLinkOf(resolved: Resolved): Link {
  return linksOfType(resolved, LINK_TYPES.defaultLink)[0]!;
}
