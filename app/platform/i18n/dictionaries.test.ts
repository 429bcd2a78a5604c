import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { categories } from "~/platform/catalog/categories";
import { productLabel } from "~/platform/catalog/labels";
import { products } from "~/platform/catalog/products";
import { leaves } from "./dictionary-strings";
import { namespaces, resources } from "./resources";

const ARABIC_LETTER = /[\u0600-\u06FF]/;
/** Strings that stay the same in both languages on purpose: anchors and cookie names. */
const isIdentifier = (path: string) => path.endsWith(".id") || path.endsWith(".term");
const SAME_IN_BOTH = new Set(["common.language.switchTo", "common.language.short", "verify.form.placeholder", "verify.pack.pinPlaceholder", "verify.pack.pinPlaceholderShort", "admin.codes.generate.placeholder", "contact.form.phonePlaceholder", "admin.language.switchTo", "auth.mfa.codePlaceholder", "legal.privacy.sections[2].links[0].href", "legal.privacy.sections[2].links[0].label", "protection.dashboard.geoSource"]);

/** Whether an English text has a word in it once its placeholders are left out. */
const hasWords = (english: string | undefined) => english === undefined || /[A-Za-z]{2,}/.test(english.replace(/\{\{[^}]*\}\}/g, ""));

const EN_PLURAL = /_(one|other)$/;
const AR_PLURAL = /_(zero|one|two|few|many|other)$/;
const ARABIC_FORMS = ["zero", "one", "two", "few", "many", "other"];
const placeholders = (s: string) => [...new Set(s.match(/\{\{\w+\}\}/g) ?? [])].sort();

describe.each(namespaces)("the %s dictionary", (ns) => {
  const en = leaves(resources.en[ns]);
  const ar = new Map(leaves(resources.ar[ns]));
  const enPaths = en.map(([path]) => path);

  it("has the same strings in Arabic (arrays included), with Arabic's six plural forms where English has two, none empty", () => {
    const singular = (paths: string[], plural: RegExp) => paths.filter((p) => !plural.test(p));
    expect(singular([...ar.keys()], AR_PLURAL)).toEqual(singular(enPaths, EN_PLURAL));
    const enPlurals = [...new Set(enPaths.filter((p) => EN_PLURAL.test(p)).map((p) => p.replace(EN_PLURAL, "")))];
    const arPlurals = [...new Set([...ar.keys()].filter((p) => AR_PLURAL.test(p)).map((p) => p.replace(AR_PLURAL, "")))];
    expect(arPlurals).toEqual(enPlurals);
    for (const base of enPlurals) {
      expect(enPaths, base).toEqual(expect.arrayContaining([`${base}_one`, `${base}_other`]));
      for (const form of ARABIC_FORMS) expect(ar.has(`${base}_${form}`), `${base}_${form}`).toBe(true);
    }
    for (const [path, text] of ar) expect(text.trim(), path).not.toBe("");
  });

  it("is really translated: Arabic text where English has words", () => {
    for (const [path, arabic] of ar) {
      const english = en.find(([p]) => p === path)?.[1];
      if (isIdentifier(path)) expect(arabic, path).toBe(english);
      // A dash or placeholders alone ("—", "{{lot}} · {{product}}") have no words to translate.
      else if (!SAME_IN_BOTH.has(`${ns}.${path}`) && hasWords(english)) expect(arabic, `${ns}.${path}`).toMatch(ARABIC_LETTER);
    }
  });

  it("uses no placeholder English does not have (a plural form may leave out {{count}})", () => {
    for (const [path, arabic] of ar) {
      const base = path.replace(AR_PLURAL, "");
      const english = AR_PLURAL.test(path) ? en.find(([p]) => p === `${base}_other`)![1] : en.find(([p]) => p === path)![1];
      const allowed = new Set(placeholders(english));
      for (const p of placeholders(arabic)) expect(allowed.has(p), `${ns}.${path}: ${p}`).toBe(true);
      if (!AR_PLURAL.test(path)) expect(placeholders(arabic), `${ns}.${path}`).toEqual(placeholders(english));
    }
  });
});

describe("language toggle labels", () => {
  it("name the other language in that language", () => {
    expect(resources.en.common.language).toMatchObject({ switchTo: "العربية", short: "AR" });
    expect(resources.ar.common.language).toMatchObject({ switchTo: "English", short: "EN" });
  });
});

describe("plural forms, through i18next as the server uses it", () => {
  const i18n = createInstance();
  void i18n.init({ resources, lng: "ar", fallbackLng: "en", interpolation: { escapeValue: false } });
  // The isolating marks around a number (`\u2066{{n}}\u2069`) left out: markup draws them as `<bdi>`.
  const ar = (key: string, count: number) => (i18n.getFixedT("ar") as unknown as (k: string, o: object) => string)(key, { count, n: String(count) }).replace(/[\u2066-\u2069]/g, "");
  const en = (key: string, count: number) => (i18n.getFixedT("en") as unknown as (k: string, o: object) => string)(key, { count, n: String(count) });

  it("say when to try again after N minutes: دقيقة، دقيقتين، 3 دقائق، 11 دقيقة (after, never 'within')", () => {
    expect(ar("server:tooManyAttempts", 1)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد دقيقة.");
    expect(ar("server:tooManyAttempts", 2)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد دقيقتين.");
    expect(ar("server:tooManyAttempts", 3)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 3 دقائق.");
    expect(ar("server:tooManyAttempts", 5)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 5 دقائق.");
    expect(ar("server:tooManyAttempts", 11)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 11 دقيقة.");
    expect(ar("server:tooManyAttempts", 60)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 60 دقيقة.");
    expect(ar("server:tooManyAttempts", 100)).toBe("محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 100 دقيقة.");
    for (const n of [1, 2, 3, 11, 60]) expect(ar("server:tooManyAttempts", n)).not.toContain("خلال");
    expect(en("server:tooManyAttempts", 1)).toBe("Too many attempts. Please try again in 1 minute.");
    expect(en("server:tooManyAttempts", 15)).toBe("Too many attempts. Please try again in 15 minutes.");
  });

  it("count products: منتج واحد، منتجان، 3 منتجات، 12 منتجًا", () => {
    expect(ar("catalog:count", 1)).toBe("منتج واحد");
    expect(ar("catalog:count", 2)).toBe("منتجان");
    expect(ar("catalog:count", 3)).toBe("3 منتجات");
    expect(ar("catalog:count", 12)).toBe("12 منتجًا");
    expect(ar("catalog:count", 100)).toBe("100 منتج");
    expect(en("catalog:count", 1)).toBe("1 product");
    expect(en("catalog:count", 12)).toBe("12 products");
  });

  it("count codes and messages, and the length limits", () => {
    expect(ar("admin:pagination.totalCodes", 1)).toBe("الإجمالي: رمز واحد");
    expect(ar("admin:pagination.totalCodes", 2)).toBe("الإجمالي: رمزان");
    expect(ar("admin:pagination.totalCodes", 7)).toBe("الإجمالي: 7 رموز");
    expect(ar("admin:pagination.totalCodes", 12)).toBe("الإجمالي: 12 رمزًا");
    expect(ar("admin:pagination.totalContacts", 3)).toBe("الإجمالي: 3 رسائل");
    expect(ar("admin:pagination.totalContacts", 25)).toBe("الإجمالي: 25 رسالة");
    expect(ar("contact:form.phoneTooLong", 32)).toBe("لا يمكن أن يتجاوز رقم الهاتف 32 حرفًا");
    expect(ar("contact:form.nameTooLong", 100)).toBe("يُرجى ألّا يتجاوز الاسم 100 حرف");
    expect(ar("contact:form.messageTooLong", 2000)).toBe("يُرجى ألّا تتجاوز الرسالة 2000 حرف");
    expect(en("admin:pagination.totalCodes", 1)).toBe("Total: 1 code");
    expect(en("admin:pagination.totalCodes", 31)).toBe("Total: 31 codes");
  });
});

/** Every Arabic text a shopper or an admin reads: the dictionaries and the catalogue's product texts, steps and label data. */
function arabicTexts(): [string, string][] {
  const fromDictionaries = namespaces.flatMap((ns) => leaves(resources.ar[ns]).map(([path, text]) => [`${ns}.${path}`, text] as [string, string]));
  const fromProducts = products.flatMap((p) =>
    [p.nameAr, p.descriptionAr, p.howToUseAr ?? "", ...p.imageAlts.map((a) => a.ar)].map((text, i) => [`product ${p.name} #${i}`, text] as [string, string]),
  );
  const fromCategories = categories.flatMap((c) => [c.title.ar, c.description.ar, c.imageAlt.ar].map((text, i) => [`category ${c.name} #${i}`, text] as [string, string]));
  const fromLabels = products.flatMap((p) => {
    const label = productLabel(p.id)!;
    return [label.function.ar, ...label.precautions.map((precaution) => precaution.ar)].map((text, i) => [`label ${p.name} #${i}`, text] as [string, string]);
  });
  return [...fromDictionaries, ...fromProducts, ...fromCategories, ...fromLabels];
}

const LETTER = "\\u0621-\\u064A\\u0660-\\u0669\\u064B-\\u0652";
/** The text without its short vowels and shadda, to compare words however they are vowelled. */
const bare = (text: string) => text.replace(/[\u064B-\u0652\u0670]/g, "");
const word = (w: string) => new RegExp(`(?<![${LETTER}])${w}(?![${LETTER}])`);

/**
 * Forms that address the reader as a man. The site speaks to a woman in its marketing copy
 * (تحقّقي، تصفّحي، أدخلي) and uses neutral verbal nouns for interface labels (التحقّق من المنتج).
 * "سجّل" alone is also the noun "سجلّ" (a log, the audit trail): only its imperative phrase is listed.
 */
const MASCULINE = [
  "أدخل", "امسح", "ابحث", "اكتب", "احصل", "أرسل", "اختر", "أنشئ", "اترك", "انتقل", "حاول", "افتح", "أغلق", "جرب", "أعد",
  "ضع", "رج", "غط", "سجل الدخول", "أدر", "املأ", "مرر", "اضغط", "احذر", "تابعنا", "أعده", "امسحه", "وزعه", "اتركه",
  "تبحث", "تجد", "ستجد", "لتتأكد", "لتفتح", "أدخلته", "تكن", "تضعه", "سترغب", "ستحبه", "ستحبونه", "تتواصل", "ترسل",
  "تحاول", "تعبث", "توافق", "تطلب", "تشارك", "تبلغنا", "فأخبرنا", "تأكد", "راسلنا", "فتوقف", "وتوقف", "وأعده", "وتواصل",
  "اكشط",
  // Issue 38's pass over the two-part and recall strings: «توقّف … واقرأ»، «لا تستخدمها. اقرأ»، «تواصل معنا».
  "توقف", "اقرأ", "واقرأ", "تستخدمها", "تستخدمه", "تواصل معنا",
];

describe("one voice in Arabic, spelled one way", () => {
  const texts = arabicTexts();

  it("never addresses the reader as a man (feminine marketing copy, neutral interface labels)", () => {
    const found = texts.flatMap(([where, text]) => MASCULINE.filter((w) => word(w).test(bare(text))).map((w) => `${where}: ${w}`));
    expect(found).toEqual([]);
  });

  it("labels the interface with verbal nouns, not imperatives", () => {
    const labels = {
      "common.nav.verify": resources.ar.common.nav.verify,
      "common.nav.contact": resources.ar.common.nav.contact,
      "common.floatingContact": resources.ar.common.floatingContact,
      "common.skipToContent": resources.ar.common.skipToContent,
      "common.error.retry": resources.ar.common.error.retry,
      "verify.form.submit": resources.ar.verify.form.submit,
      "verify.result.checkAnother": resources.ar.verify.result.checkAnother,
      "verify.commitment.contact": resources.ar.verify.commitment.contact,
      "contact.form.title": resources.ar.contact.form.title,
      "contact.form.submit": resources.ar.contact.form.submit,
      "admin.skipToContent": resources.ar.admin.skipToContent,
    };
    expect(labels).toMatchObject({ "common.nav.verify": "التحقّق من المنتج", "verify.form.submit": "التحقّق من المنتج" });
    // A feminine imperative ends in ي (تحقّقي، أدخلي); a verbal noun does not.
    for (const [key, label] of Object.entries(labels)) expect(bare(label.split(" ")[0]!), `${key}: ${label}`).not.toMatch(/ي$/);
  });

  it("spells التحقّق and تمّ with shadda everywhere", () => {
    const found = texts.flatMap(([where, text]) => {
      const misses: string[] = [];
      if (/تحقق/.test(text)) misses.push("تحقق");
      if (word("تم").test(text.replace(/تمّ/g, ""))) misses.push("تم");
      return misses.map((m) => `${where}: ${m}`);
    });
    expect(found).toEqual([]);
  });

  it("says طبقة الكشط for the scratch panel (never الغطاء, the jar's lid), تنبيهات السلامة for safety notices (never أخبار), سحب only for a recall", () => {
    const shopper = texts.filter(([where]) => /^(verify|registrations|mail|catalog|batches)\./.test(where));
    expect(shopper.filter(([, text]) => /غطاء|الغطاء/.test(text)).map(([where]) => where)).toEqual([]);
    expect(texts.filter(([, text]) => /أخبار/.test(text)).map(([where]) => where)).toEqual([]);
    expect(resources.ar.verify.pack.pinLabel).toContain("طبقة الكشط");
    // Revoking a run's codes is إبطال; سحب (withdrawal from the market) is a recall's alone.
    const { reasons: _reasons, ...revoke } = resources.ar.batches.revoke;
    const revoking = [revoke, resources.ar.batches.toast.revoked_one, resources.ar.batches.toast.revoked_other].map((v) => JSON.stringify(v)).join(" ");
    expect(revoking).not.toMatch(/سحب|سُحب|إلغاء/);
    expect(revoking).toMatch(/إبطال|أُبطل/);
  });

  it("calls a form field حقل", () => {
    expect(texts.filter(([, text]) => /خان(ة|ات)/.test(text)).map(([where]) => where)).toEqual([]);
  });

  it("keeps the words the editor corrected", () => {
    const all = texts.map(([, text]) => text).join("\n");
    for (const wrong of ["خلال 5 دقائق", "المشدودة", "حلقت للتو", "النتيجة الأصلية تؤكد", "وصابون غنيّ", "فوق ثلاث سنوات", "يتشرّب قوامه", "أمصال", "بشرة وجه نقية", "الرقم المزيّف", "تم تجديد الرمز", "لا تتبع لنا", "نقف وراء", "اقتحام", "اعثري", "البهتان", "بـ 15"]) {
      expect(all, wrong).not.toContain(wrong);
    }
    expect(resources.ar.admin.codes.status.expired).toBe("منتهي الصلاحية");
    expect(resources.ar.auth.api.refreshed).toBe("تمّ تجديد رمز الجلسة");
    expect(all).toContain("ويُكشف الرمز المنسوخ أو المقلّد فورًا");
    expect(all).toContain("إذا أكّدت النتيجة أصالة المنتج، فهذا يعني أن الملصق صادر عنّا");
    expect(all).toContain("محاولات اختراق تسجيل دخول الإدارة بالتخمين");
  });

  it("never lets SPF and its number wrap apart (a no-break space between them)", () => {
    const everyText = [...texts.map(([, text]) => text), ...products.flatMap((p) => [p.name, p.description, p.howToUse ?? "", ...p.imageAlts.map((a) => a.en)])];
    expect(everyText.filter((text) => /SPF[ \t\n]\d/.test(text))).toEqual([]);
  });
});
