import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { leaves } from "./dictionary-strings";
import { counted, formatNumber } from "./format";
import type { Language } from "./languages";
import { namespaces, resources } from "./resources";

/**
 * Plural forms wherever a number meets a noun (decision 152): a message that shows a count is a
 * plural key, English `_one`/`_other`, Arabic `_zero` … `_other`, and i18next picks the form by
 * `count` (a number). The number shows as `{{count}}` (a small bound, as it is) or `{{n}}` (a count
 * from data, formatted: `counted()`).
 */

const EN_FORMS = ["one", "other"] as const;
const AR_FORMS = ["zero", "one", "two", "few", "many", "other"] as const;
const SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A count shown in a message: `{{count}}` as it is, or `{{n}}`, the same count formatted. */
const SHOWS_COUNT = /\{\{(count|n)\}\}/;
/** `{{n}}` as a position, not a count: "2 of 5", "Show image 3". */
const POSITIONS = new Set(["catalog.carousel.slideLabel", "catalog.carousel.goTo"]);

const placeholders = (text: string) => [...new Set(text.match(/\{\{\w+\}\}/g) ?? [])].sort();
const notCount = (text: string) => placeholders(text).filter((p) => p !== "{{count}}" && p !== "{{n}}");

/** Each language's strings, every namespace, by "namespace.path". */
const strings = (language: Language) => new Map<string, string>(namespaces.flatMap((ns) => leaves(resources[language][ns]).map(([path, text]) => [`${ns}.${path}`, text] as const)));
const en = strings("en");
const ar = strings("ar");
/** The base of every plural key ("batches.toast.created" for `created_one` …). */
const pluralBases = (map: Map<string, string>) => [...new Set([...map.keys()].filter((k) => SUFFIX.test(k)).map((k) => k.replace(SUFFIX, "")))];

describe("plural forms in both dictionaries", () => {
  it("every string that shows a count is a plural form", () => {
    for (const [language, map] of [["en", en], ["ar", ar]] as const) {
      const bare = [...map].filter(([path, text]) => SHOWS_COUNT.test(text) && !SUFFIX.test(path) && !POSITIONS.has(path)).map(([path]) => `${language} ${path}`);
      expect(bare).toEqual([]);
    }
  });

  it("every plural key has all its language's forms and no bare base beside them", () => {
    expect(pluralBases(ar).sort()).toEqual(pluralBases(en).sort());
    for (const base of pluralBases(en)) {
      for (const form of EN_FORMS) expect(en.has(`${base}_${form}`), `en ${base}_${form}`).toBe(true);
      for (const form of AR_FORMS) expect(ar.has(`${base}_${form}`), `ar ${base}_${form}`).toBe(true);
      // English has only two forms; a base without a suffix beside the forms would be a stale key.
      for (const form of ["zero", "two", "few", "many"]) expect(en.has(`${base}_${form}`), `en ${base}_${form}`).toBe(false);
      expect(en.has(base) || ar.has(base), base).toBe(false);
    }
  });

  it("every form keeps the message's other values; the forms for 3 and up show the number", () => {
    for (const base of pluralBases(en)) {
      const other = en.get(`${base}_other`)!;
      expect(other, `en ${base}_other`).toMatch(SHOWS_COUNT);
      expect(notCount(en.get(`${base}_one`)!), `en ${base}_one`).toEqual(notCount(other));
      for (const form of AR_FORMS) {
        const text = ar.get(`${base}_${form}`)!;
        expect(notCount(text), `ar ${base}_${form}`).toEqual(notCount(other));
        if (form === "few" || form === "many" || form === "other") expect(text, `ar ${base}_${form}`).toMatch(SHOWS_COUNT);
      }
    }
  });

  it("the print-run, revoke, team, alert, report and account messages are plural keys", () => {
    const named = [
      "batches.toast.created",
      "batches.toast.createdPacks",
      "batches.toast.revoked",
      "batches.revoke.confirmBody",
      "batches.total",
      "batches.codes.total",
      "batches.packs.total",
      "team.table.total",
      "protection.alerts.total",
      "protection.alerts.reasons.clients",
      "protection.alerts.reasons.checks_24h",
      "protection.alerts.reasons.client",
      "protection.alerts.reasons.pack",
      "protection.dashboard.acknowledgedAlerts",
      "protection.dashboard.counterfeitCount",
      "protection.dashboard.analyticsTitle",
      "protection.scans.total",
      "protection.reports.total",
      "protection.reports.errors.noteTooLong",
      "report.form.sellerTooLong",
      "report.form.cityTooLong",
      "report.form.contactTooLong",
      "audit.total",
      "account.mfa.codesLeft",
      "account.sessions.othersEnded",
      "admin.pagination.totalCodes",
      "admin.pagination.totalContacts",
    ];
    expect(named.filter((base) => !pluralBases(en).includes(base))).toEqual([]);
  });
});

describe("plural forms rendered through i18next, as the server renders them", () => {
  const i18n = createInstance();
  void i18n.init({ resources, lng: "en", fallbackLng: "en", interpolation: { escapeValue: false }, initAsync: false });
  const t = (language: Language, key: string, options: object) => (i18n.getFixedT(language) as unknown as (k: string, o: object) => string)(key, options);
  /** Without the isolating marks around the numbers and lots (markup turns them into `<bdi>`). */
  const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "");
  const created = (language: Language, count: number) => plain(t(language, "batches:toast.created", { ...counted(count, language), lot: "HC-2611-A" }));

  it("a print run's codes: لا توجد رموز، رمز واحد، رمزان، 3 رموز، 11 رمزًا، 100 رمز", () => {
    const head = "تمّ إنشاء دفعة الطباعة: ";
    const tail = " لرقم التشغيلة HC-2611-A";
    expect(created("ar", 0)).toBe("تمّ إنشاء دفعة الطباعة لرقم التشغيلة HC-2611-A: لا توجد رموز");
    expect(created("ar", 1)).toBe(`${head}رمز واحد${tail}`);
    expect(created("ar", 2)).toBe(`${head}رمزان${tail}`);
    expect(created("ar", 3)).toBe(`${head}3 رموز${tail}`);
    expect(created("ar", 10)).toBe(`${head}10 رموز${tail}`);
    expect(created("ar", 11)).toBe(`${head}11 رمزًا${tail}`);
    expect(created("ar", 99)).toBe(`${head}99 رمزًا${tail}`);
    expect(created("ar", 100)).toBe(`${head}100 رمز${tail}`);
    expect(created("ar", 1250)).toBe(`${head}${formatNumber(1250, "ar")} رمزًا${tail}`);
    expect(created("en", 1)).toBe("Print run created: 1 code for lot HC-2611-A");
    expect(created("en", 0)).toBe("Print run created: 0 codes for lot HC-2611-A");
    expect(created("en", 12000)).toBe("Print run created: 12,000 codes for lot HC-2611-A");
  });

  it("the number is isolated in Arabic and formatted in both languages; `count` alone picks the form", () => {
    expect(t("ar", "batches:toast.revoked", counted(12000, "ar"))).toBe(`أُبطلت دفعة الطباعة: أُبطل \u2066${formatNumber(12000, "ar")}\u2069 رمز`);
    expect(t("en", "batches:toast.revoked", counted(1, "en"))).toBe("Print run revoked: 1 code withdrawn");
    // A count given as text (a formatted number) selects no form at all: the reason `counted` exists.
    expect(t("en", "batches:toast.revoked", { count: "1", n: "1" })).not.toBe("Print run revoked: 1 code withdrawn");
  });

  it("each form for 0, 1, 2, 3, 11 and 100 in the other messages", () => {
    const forms = (key: string, extra: object = {}) => [0, 1, 2, 3, 11, 100].map((n) => plain(t("ar", key, { ...counted(n, "ar"), ...extra })));
    expect(forms("batches:toast.revoked")).toEqual([
      "أُبطلت دفعة الطباعة: لم يكن فيها رمز فعّال يُبطَل",
      "أُبطلت دفعة الطباعة: أُبطل رمز واحد",
      "أُبطلت دفعة الطباعة: أُبطل رمزان",
      "أُبطلت دفعة الطباعة: أُبطلت 3 رموز",
      "أُبطلت دفعة الطباعة: أُبطل 11 رمزًا",
      "أُبطلت دفعة الطباعة: أُبطل 100 رمز",
    ]);
    expect(forms("team:table.total")).toEqual(["لا يوجد أعضاء", "الإجمالي: عضو واحد", "الإجمالي: عضوان", "الإجمالي: 3 أعضاء", "الإجمالي: 11 عضوًا", "الإجمالي: 100 عضو"]);
    expect(forms("protection:alerts.total")).toEqual(["لا توجد تنبيهات", "الإجمالي: تنبيه واحد", "الإجمالي: تنبيهان", "الإجمالي: 3 تنبيهات", "الإجمالي: 11 تنبيهًا", "الإجمالي: 100 تنبيه"]);
    expect(forms("protection:reports.total")).toEqual(["لا توجد بلاغات", "الإجمالي: بلاغ واحد", "الإجمالي: بلاغان", "الإجمالي: 3 بلاغات", "الإجمالي: 11 بلاغًا", "الإجمالي: 100 بلاغ"]);
    expect(forms("protection:alerts.reasons.client", { client: "c1a2" })[3]).toBe("بلغ عميلٌ واحد حدَّ التحقّق 3 مرات خلال 24 ساعة (العميل c1a2)");
    expect(forms("protection:dashboard.counterfeitCount")).toEqual(["لا نتائج مشبوهة", "نتيجة مشبوهة واحدة", "نتيجتان مشبوهتان", "3 نتائج مشبوهة", "11 نتيجة مشبوهة", "100 نتيجة مشبوهة"]);
    expect(plain(t("ar", "account:mfa.codesLeft", { count: 10 }))).toBe("يتبقّى 10 رموز استرداد.");
    expect(plain(t("ar", "account:mfa.codesLeft", { count: 0 }))).toBe("لم يتبقَّ أي رمز استرداد.");
    expect(t("en", "account:mfa.codesLeft", { count: 1 })).toBe("1 recovery code left.");
    expect(t("en", "team:table.total", counted(1, "en"))).toBe("Total: 1 member");
    expect(t("en", "protection:alerts.reasons.clients", counted(2, "en"))).toBe("2 clients other than the first buyer checked it again");
  });

  it("the revoke confirmation names no number where Arabic says one or two in words", () => {
    const body = (count: number) => t("ar", "batches:revoke.confirmBody", { count, n: "\u0000" });
    expect(body(1)).not.toContain("\u0000");
    expect(body(2)).not.toContain("\u0000");
    expect(body(50)).toContain("\u0000");
    expect(t("en", "batches:revoke.confirmBody", { count: 1, n: "\u0000" })).toBe("Its \u0000 active code will answer “counterfeit” from now on. This cannot be undone.");
  });
});
