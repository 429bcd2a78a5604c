import type { Language } from "~/platform/i18n/languages";

/** A link as RFC 9264's JSON has it, with GS1's attributes (its linkset schema). */
export type Link = { href: string; title: string; hreflang?: string[]; type?: string };

/** The media ranges of an Accept header with their weights, in the header's order. */
function acceptRanges(accept: string | null): { range: string; q: number }[] {
  if (!accept) return [];
  return accept.split(",").flatMap((part) => {
    const [range, ...params] = part.trim().toLowerCase().split(";");
    if (!range) return [];
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    return [{ range: range.trim(), q: q === undefined ? 1 : Number(q) }];
  });
}

/** How much a request's Accept wants a media type: the weight of its most specific matching range (0: not at all). */
export function acceptWeight(accept: string | null, type: string): number {
  const [main] = type.toLowerCase().split("/");
  let best = -1;
  let weight = 0;
  for (const { range, q } of acceptRanges(accept)) {
    const specificity = range === type.toLowerCase() ? 2 : range === `${main}/*` ? 1 : range === "*/*" ? 0 : -1;
    if (specificity > best) {
      best = specificity;
      weight = q;
    }
  }
  return weight;
}

/** True when the request names this media type itself (not only `*` ranges), with a weight above 0. */
export function namesType(accept: string | null, type: string): boolean {
  return acceptRanges(accept).some(({ range, q }) => range === type.toLowerCase() && q > 0);
}

const sameLanguages = (a: Link, b: Link) => (a.hreflang ?? []).join(",") === (b.hreflang ?? []).join(",");
/** Two links a request cannot tell apart: the same media type and languages (GS1's "identical attributes"). */
const indistinguishable = (a: Link, b: Link) => (a.type ?? "") === (b.type ?? "") && sameLanguages(a, b);

/**
 * Which of a link type's links answer a request (GS1-Conformant resolver 1.2.0, "choosing among
 * several links"): those of the media type the request's Accept weighs most, when it names types some
 * links declare (otherwise all); of those, the ones in the request's language (`?lng=`, the language
 * cookie, then Accept-Language; English when it names neither), when any are; then the first, unless the
 * first is indistinguishable from another: then every such link (the caller answers 300 Multiple Choices).
 */
export function chooseLinks(links: readonly Link[], request: { accept: string | null; language: Language }): Link[] {
  let candidates = [...links];
  const typed = candidates.filter((link) => link.type && namesType(request.accept, link.type));
  if (typed.length > 0) {
    const weight = (link: Link) => (link.type ? acceptWeight(request.accept, link.type) : 0);
    const top = Math.max(...typed.map(weight));
    candidates = typed.filter((link) => weight(link) === top);
  }
  const inLanguage = candidates.filter((link) => link.hreflang?.includes(request.language));
  if (inLanguage.length > 0) candidates = inLanguage;
  const [first] = candidates;
  if (!first) return [];
  const twins = candidates.filter((link) => indistinguishable(link, first));
  return twins.length > 1 ? twins : [first];
}
