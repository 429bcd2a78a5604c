import type en from "../en/mail";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  layout: {
    automatic: "هذه رسالة تلقائية من {{brand}}. يُرجى عدم الرد عليها.",
    site: "زوروا موقع {{brand}}",
  },
  registrations: {
    confirmSubject: "تأكيد تنبيهات السلامة عن {{product}}",
    confirmIntro: "طلبتِ تلقّي تنبيهات السلامة عن الدفعة {{lot}} من {{product}}. أكّدي طلبك بهذا الرابط خلال \u20667\u2069 أيام:",
    confirmButton: "تأكيد",
    confirmIgnore: "إن لم تطلبي ذلك، فتجاهلي هذه الرسالة: لا يحدث شيء دون تأكيدك.",
    recallSubject: "تنبيه سلامة: سحب الدفعة {{lot}} من {{product}}",
    recallIntro: "سُحبت الدفعة {{lot}} من {{product}}، التي سجّلتِها، منذ {{date}}.",
    recallWhat: "ما يجب فعله",
    unsubscribe: "إلغاء الاشتراك",
    footer: "تصلك هذه الرسالة لأنك سجّلتِ هذا المنتج على {{site}}.",
  },
};

export default ar;
