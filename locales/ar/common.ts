import type en from "../en/common";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  brandTagline: "مستحضرات تجميل فاخرة للعناية بالوجه والجسم",
  skipToContent: "الانتقال إلى المحتوى",
  logoHome: "{{brand}}، الصفحة الرئيسية",
  nav: {
    label: "القائمة الرئيسية",
    home: "الرئيسية",
    verify: "التحقّق من المنتج",
    products: "المنتجات",
    contact: "التواصل معنا",
    menu: "القائمة",
    openMenu: "فتح القائمة",
    closeMenu: "إغلاق القائمة",
  },
  language: {
    switchTo: "English",
    switchLabel: "التبديل إلى الإنجليزية",
    short: "EN",
    formWarning: "يؤدّي تبديل اللغة إلى مسح النموذج",
  },
  fraud: {
    badge: "تنبيه رسمي",
    title: "احذري المواقع المزيّفة",
    body: "هذا هو الموقع الرسمي الوحيد لعلامة {{brand}}. المواقع المشابهة والصفحات التي تنتحل اسمنا أو منتجاتنا ليست تابعة لنا، فلا تُدخلي رمز التحقّق أو بيانات الدفع في أي مكان آخر.",
    understand: "فهمت",
  },
  footer: {
    categories: "الفئات",
    follow: "تابعينا",
    email: "البريد الإلكتروني",
    legal: "معلومات قانونية",
    privacy: "سياسة الخصوصية",
    terms: "شروط الاستخدام",
    rights: "© {{year}} {{brand}}. جميع الحقوق محفوظة.",
    instagram: "{{brand}} على إنستغرام",
    facebook: "{{brand}} على فيسبوك",
    twitter: "{{brand}} على تويتر",
    newTab: "(يفتح في علامة تبويب جديدة)",
  },
  floatingContact: "التواصل معنا",
  notFound: {
    metaTitle: "الصفحة غير موجودة",
    title: "الصفحة غير موجودة",
    message: "الصفحة المطلوبة غير موجودة أو نُقلت إلى مكان آخر.",
    path: "العنوان المطلوب:",
    home: "العودة إلى الرئيسية",
    products: "عرض المنتجات",
  },
  error: {
    title: "حدث خطأ غير متوقع في التطبيق!",
    message: "حدث خلل من جهتنا. يُرجى المحاولة مرة أخرى بعد قليل.",
    retry: "إعادة المحاولة",
    home: "العودة إلى الرئيسية",
  },
  toast: {
    success: "تمّ بنجاح",
    error: "خطأ",
    dismiss: "إغلاق",
    region: "الإشعارات",
  },
  breadcrumb: "مسار التنقل",
  loading: "جارٍ التحميل…",
};

export default ar;
