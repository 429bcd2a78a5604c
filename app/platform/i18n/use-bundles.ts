import { useTranslation } from "react-i18next";
import type { Language } from "./languages";
import type { Bundles } from "./resources";

const added = new WeakSet<object>();

/**
 * Adds the dictionaries a route's loader sent (see `bundlesOf`) to the client's i18next before its
 * components translate. A page may have sent only part of a namespace (home: the carousel's words
 * of `catalog`), so each bundle is merged into what is there, once per bundle object. On the server
 * every namespace is already loaded and `bundlesOf` hands out the same objects, so this is a lookup.
 */
export function useBundles(language: Language, bundles: Bundles | undefined) {
  const { i18n } = useTranslation();
  if (!bundles) return;
  for (const [ns, bundle] of Object.entries(bundles)) {
    if (added.has(bundle)) continue;
    added.add(bundle);
    i18n.addResourceBundle(language, ns, bundle, true, true);
  }
}
