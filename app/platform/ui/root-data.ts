import { useRouteLoaderData } from "react-router";
import type { Bundles } from "~/platform/i18n/resources";
import { defaultLanguage, type Language } from "~/platform/i18n/languages";
import { defaultBrand, type BrandConfig } from "~/platform/lib/brand";
import type { Toast } from "~/platform/lib/toast";

/**
 * What the root loader sends to every page (root.tsx builds it) and the hooks that read it. The one
 * way any component reaches the root's data; nothing here imports root.tsx, so no import runs back up.
 */
export type RootData = {
  language: Language;
  dir: "ltr" | "rtl";
  /** The dictionaries every page carries, in the page's language. */
  resources: Bundles;
  brand: BrandConfig;
  toast: Toast | null;
  /** The visitor's time zone as a page stored it in the `tz` cookie (~/platform/i18n/time-zone), if any. */
  timeZone: string | null;
  /** This page answers a form (a POST, or the page it redirected to): the fraud notice stays closed. */
  formAnswer: boolean;
};

export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The page's language (English when the root loader did not run, as on a failed document). */
export function useLanguage(): Language {
  return useRootData()?.language ?? defaultLanguage;
}

/** Brand facts with the server's environment overrides. */
export function useBrand(): BrandConfig {
  return useRootData()?.brand ?? defaultBrand;
}

/** The brand name in the page's language. */
export function useBrandName(): string {
  const root = useRootData();
  if (!root) return "";
  return root.language === "ar" ? root.brand.nameAr : root.brand.name;
}
