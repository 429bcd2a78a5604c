export const languages = ["en", "ar"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function dirOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/** BCP 47 tag for dates and numbers; Arabic keeps Latin digits, as codes and phone numbers use them. */
export function intlLocale(language: Language): string {
  return language === "ar" ? "ar-u-nu-latn" : "en-GB";
}
