import type en from "../en/server";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  tooManyAttempts_zero: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد قليل.",
  tooManyAttempts_one: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد دقيقة.",
  tooManyAttempts_two: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد دقيقتين.",
  tooManyAttempts_few: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد {{count}} دقائق.",
  tooManyAttempts_many: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد {{count}} دقيقة.",
  tooManyAttempts_other: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد {{count}} دقيقة.",
  crossSite: "رُفض هذا الطلب لأنه صادر من موقع آخر.",
  unreadableForm: "تعذّرت قراءة هذا النموذج. يُرجى إعادة تحميل الصفحة والمحاولة مرة أخرى.",
  methodNotAllowed: "لا تقبل هذه الصفحة هذا النوع من الطلبات.",
  filesNotAccepted: "لا يقبل هذا النموذج الملفات. يُرجى إعادة تحميل الصفحة والمحاولة مرة أخرى.",
  api: {
    methodNotAllowed: "طريقة الطلب غير مسموح بها",
    invalidInput: "مدخلات غير صالحة",
    invalidJson: "محتوى JSON غير صالح",
    bodyNotObject: "يجب أن يكون محتوى الطلب كائن JSON.",
    bodyTooLarge: "محتوى الطلب كبير جدًا",
    unreadableBody: "تعذّرت قراءة محتوى الطلب",
    unavailable: "الخدمة غير متاحة للحظات. يُرجى المحاولة مجددًا.",
    notFound: "غير موجود",
  },
  packs: {
    found: "تمّ العثور على العبوة",
    notFound: "لا توجد عبوة بهذا الرقم التسلسلي. قد يكون هذا المنتج مقلّدًا.",
  },
};

export default ar;
