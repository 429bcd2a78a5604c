/**
 * Link types (decision 190): GS1's Web Vocabulary (`gs1:`, https://gs1.org/voc/), and the site's own
 * namespace for what GS1's vocabulary has no term for, the brand's authenticity check (`lunara:`,
 * `SITE_URL/voc/`). A request may name a type as a CURIE or a full IRI (GS1's vocabulary under any of
 * the addresses it has been published at); linksets key every type by its full IRI, as RFC 9264 asks.
 */

export const GS1_VOC = "https://gs1.org/voc/";
/** Other addresses GS1's vocabulary is known by: read as `gs1:`. */
const GS1_ALIASES = ["https://ref.gs1.org/voc/", "http://gs1.org/voc/", "https://www.gs1.org/voc/"];
export const GS1_PREFIX = "gs1:";
export const OWN_PREFIX = "lunara:";

/** The site's own namespace: its address and `/voc/`. */
export const ownNamespace = (site: string) => `${site}/voc/`;

/** The link types the resolver gives, by their GS1 names (and ours). */
export const LINK_TYPES = {
  defaultLink: `${GS1_VOC}defaultLink`,
  pip: `${GS1_VOC}pip`,
  instructions: `${GS1_VOC}instructions`,
  ingredientsInfo: `${GS1_VOC}ingredientsInfo`,
  safetyInfo: `${GS1_VOC}safetyInfo`,
  registerProduct: `${GS1_VOC}registerProduct`,
  recallStatus: `${GS1_VOC}recallStatus`,
} as const;

/** Our type for the brand's check that a pack is genuine (the code on /verify, a pack's PIN). */
export const authenticityCheck = (site: string) => `${ownNamespace(site)}authenticityCheck`;

/**
 * The full IRI a requested link type names (`gs1:pip`, `https://ref.gs1.org/voc/pip`, `lunara:…`), or
 * null for anything that is not a type of a namespace we know.
 */
export function linkTypeIri(requested: string, site: string): string | null {
  const value = requested.trim();
  const term = (rest: string) => (/^[A-Za-z][A-Za-z0-9]*$/.test(rest) ? rest : null);
  if (value.startsWith(GS1_PREFIX)) return term(value.slice(GS1_PREFIX.length)) && `${GS1_VOC}${value.slice(GS1_PREFIX.length)}`;
  for (const namespace of [GS1_VOC, ...GS1_ALIASES]) {
    if (value.startsWith(namespace)) return term(value.slice(namespace.length)) && `${GS1_VOC}${value.slice(namespace.length)}`;
  }
  const own = ownNamespace(site);
  if (value.startsWith(OWN_PREFIX)) return term(value.slice(OWN_PREFIX.length)) && `${own}${value.slice(OWN_PREFIX.length)}`;
  if (value.startsWith(own)) return term(value.slice(own.length)) && value;
  return null;
}
