import ar from "@locales/ar";
import en from "@locales/en";
import type { Language } from "./languages";

export const resources = { en, ar } satisfies Record<Language, typeof en>;
export type Resources = typeof en;
export const namespaces = Object.keys(en) as (keyof Resources)[];

/**
 * The namespace every page's document carries (root loader: the header, footer, notice and errors).
 * Every other one travels with the routes that use it (home, catalogue, verify, contact, legal, the
 * admin area), so a page ships only the dictionaries it shows (decisions 065, 133).
 */
export const baseNamespaces = ["common"] as const satisfies readonly (keyof Resources)[];

export type Bundles = Partial<Resources>;

/** The dictionaries of some namespaces in one language, for a loader to send. */
export function bundlesOf(language: Language, names: readonly (keyof Resources)[]): Bundles {
  return Object.fromEntries(names.map((name) => [name, resources[language][name]])) as Bundles;
}
