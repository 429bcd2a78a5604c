import type en from "../en/mail";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  invitation: {
    subject: "دعوتك إلى لوحة إدارة {{brand}}",
    preview: "يُرجى تعيين كلمة المرور للانضمام إلى الفريق.",
    greeting: "مرحبًا {{username}}،",
    body: "أُضيف حسابك إلى فريق إدارة {{brand}} بدور {{role}}. يُرجى تعيين كلمة المرور عبر الرابط أدناه، ثم تسجيل الدخول باسم المستخدم.",
    action: "تعيين كلمة المرور",
    expires: "يعمل الرابط مرة واحدة حتى {{date}}.",
    fallback: "إذا لم يعمل الزر، يُرجى فتح هذا العنوان:",
    ignore: "إذا كانت هذه الدعوة غير متوقَّعة، فيمكن تجاهل هذه الرسالة: لا يحدث شيء دون الرابط.",
  },
  contact: {
    subject: "رسالة تواصل جديدة من {{name}}",
    preview: "وصلت رسالة من أحد الزوار عبر صفحة التواصل.",
    intro: "وصلت رسالة من أحد الزوار عبر صفحة التواصل:",
    name: "الاسم: {{name}}",
    phone: "واتساب: {{phone}}",
    action: "فتح رسائل التواصل",
  },
  layout: {
    automatic: "هذه رسالة تلقائية من {{brand}}. يُرجى عدم الرد عليها.",
    site: "زوروا موقع {{brand}}",
  },
};

export default ar;
