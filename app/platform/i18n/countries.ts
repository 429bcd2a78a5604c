import { intlLocale, type Language } from "./languages";

/**
 * ISO 3166-1 alpha-2: the 249 officially assigned country codes. Scans, reports, filters and a
 * batch's market all speak these; names come from the runtime's own data (Intl.DisplayNames) in the
 * reader's language, so no list of names is shipped. Pure (pages and the browser use it too).
 */
export const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO " +
  "JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR " +
  "MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO " +
  "RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV " +
  "TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

const KNOWN = new Set(COUNTRY_CODES);

/** True for an assigned ISO 3166-1 alpha-2 code, upper case. */
export function isCountryCode(value: unknown): value is string {
  return typeof value === "string" && KNOWN.has(value);
}

const names = new Map<Language, Intl.DisplayNames>();

/** "Saudi Arabia" / "المملكة العربية السعودية"; the code itself when the runtime has no name for it. */
export function countryName(code: string, language: Language): string {
  let display = names.get(language);
  if (!display) {
    display = new Intl.DisplayNames([intlLocale(language)], { type: "region", fallback: "code" });
    names.set(language, display);
  }
  try {
    return display.of(code) ?? code;
  } catch {
    return code;
  }
}

const options = new Map<Language, readonly { code: string; name: string }[]>();

/** Every country with its name in the language, sorted by that name (for pickers); made once per language. */
export function countryOptions(language: Language): readonly { code: string; name: string }[] {
  let list = options.get(language);
  if (!list) {
    const collator = new Intl.Collator(intlLocale(language));
    list = COUNTRY_CODES.map((code) => ({ code, name: countryName(code, language) })).sort((a, b) => collator.compare(a.name, b.name));
    options.set(language, list);
  }
  return list;
}
