import { useTranslation } from "react-i18next";
import type { Language } from "./languages";
import type { Bundles } from "./resources";

/**
 * Adds the dictionaries a route's loader sent (see `bundlesOf`) to the client's i18next before its
 * components translate; on the server every namespace is already loaded, so this only fills the client.
 */
export function useBundles(language: Language, bundles: Bundles | undefined) {
  const { i18n } = useTranslation();
  if (!bundles) return;
  for (const [ns, bundle] of Object.entries(bundles)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, bundle, true, true);
  }
}
