import ar from "@locales/ar";
import en from "@locales/en";
import type { Language } from "./languages";

export const resources = { en, ar } satisfies Record<Language, typeof en>;
export type Resources = typeof en;
export const namespaces = Object.keys(en) as (keyof Resources)[];

export type Bundles = Partial<Resources>;

/** A key without its plural suffix: `count_one` and `count_other` are both `count`. */
type PluralBase<K> = K extends `${infer Base}_${"zero" | "one" | "two" | "few" | "many" | "other"}` ? Base : K;

/**
 * What a page's loader asks for: a whole namespace (`"verify"`) or one top-level key of one
 * (`"catalog.carousel"`; `"catalog.count"` brings every plural form of `count`), so a page that
 * shows a corner of a dictionary sends only that corner.
 */
export type BundlePick = { [N in keyof Resources]: N | `${N}.${PluralBase<Extract<keyof Resources[N], string>>}` }[keyof Resources];

/** A key without its plural suffix (`PluralBase` at run time): a pick names a plural key by it. */
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");

/**
 * The public footer's words: they travel with its static island (the public layout's loader,
 * decision 141), so a document's hydration data does not carry them.
 */
export const footerPicks = ["common.footer", "common.brandTagline"] as const satisfies readonly BundlePick[];

/**
 * What every page's document carries (root loader): `common` (the header, the notice, the errors)
 * but the footer's words, key by key (a plural key by its base, so every form of the language
 * comes). Every other namespace travels with the routes that use it (home, catalogue, verify,
 * contact, legal, the admin area), so a page ships only the dictionaries it shows (decisions 065,
 * 133). `server` (API errors, refused requests) is written only by the server and never sent.
 */
export const basePicks = [...new Set(Object.keys(en.common).map((key) => `common.${pluralBase(key)}` as BundlePick))].filter(
  (pick) => !(footerPicks as readonly BundlePick[]).includes(pick),
);

/**
 * Every top-level key of a namespace as a pick, but those left out: for a page that shows nearly all of
 * a dictionary, without a corner only another page shows (the verify page without the pack page's words).
 */
export function picksWithout<N extends keyof Resources>(ns: N, without: readonly Extract<keyof Resources[N], string>[]): BundlePick[] {
  const keys = Object.keys(en[ns]).filter((key) => !(without as readonly string[]).includes(pluralBase(key)));
  return [...new Set(keys.map((key) => `${ns}.${pluralBase(key)}` as BundlePick))];
}

const made = new Map<string, Bundles>();

/**
 * The dictionaries (or the parts of them) some picks name, in one language, for a loader to send.
 * Made once per language and list: the same object every time, so the browser's `useBundles` and
 * the server both add each one once.
 */
export function bundlesOf(language: Language, picks: readonly BundlePick[]): Bundles {
  const key = `${language}:${picks.join(",")}`;
  let bundles = made.get(key);
  if (!bundles) {
    const out: Record<string, Record<string, unknown>> = {};
    for (const pick of picks) {
      const dot = pick.indexOf(".");
      const ns = (dot < 0 ? pick : pick.slice(0, dot)) as keyof Resources;
      const dictionary = resources[language][ns] as Record<string, unknown>;
      if (dot < 0) {
        out[ns] = dictionary;
        continue;
      }
      const field = pick.slice(dot + 1);
      const part = (out[ns] = { ...out[ns] });
      for (const [k, value] of Object.entries(dictionary)) if (pluralBase(k) === field) part[k] = value;
    }
    bundles = out as Bundles;
    made.set(key, bundles);
  }
  return bundles;
}
