/**
 * The EU recall notice's hazard and remedy (decision 191), which every recall takes beside its notice:
 * for tests that recall a run and are about something else.
 */
export const recallParts = {
  hazard_en: "The cream may contain bacteria that can cause a skin infection.",
  hazard_ar: "قد يحتوي الكريم على بكتيريا قد تسبّب عدوى جلدية.",
  remedy_en: "Return it to the shop for a full refund, or contact us for a replacement.",
  remedy_ar: "يمكنكِ إعادته إلى المتجر واسترداد ثمنه كاملًا، أو التواصل معنا لاستبداله.",
};
