import ar from "@locales/ar";
import en from "@locales/en";
import type { Language } from "./languages";

export const resources = { en, ar } satisfies Record<Language, typeof en>;
export type Resources = typeof en;
export const namespaces = Object.keys(en) as (keyof Resources)[];

/**
 * The namespaces every page's document carries (root loader). The others travel with the routes that
 * use them (legal pages, the admin area), so a shopper's page does not ship the admin's and the legal
 * texts in every HTML answer (about 5 kB gzip of each page; see docs/decisions/065).
 */
export const baseNamespaces = ["common", "home", "catalog", "verify", "contact"] as const satisfies readonly (keyof Resources)[];

export type Bundles = Partial<Resources>;

/** The dictionaries of some namespaces in one language, for a loader to send. */
export function bundlesOf(language: Language, names: readonly (keyof Resources)[]): Bundles {
  return Object.fromEntries(names.map((name) => [name, resources[language][name]])) as Bundles;
}
