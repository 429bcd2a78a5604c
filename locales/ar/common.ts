import type en from "../en/common";

const ar: typeof en = {
  brandTagline: "مستحضرات تجميل فاخرة للعناية بالوجه والجسم",
  skipToContent: "انتقل إلى المحتوى",
  nav: {
    label: "القائمة الرئيسية",
    home: "الرئيسية",
    verify: "تحقّق من المنتج",
    products: "المنتجات",
    contact: "تواصل معنا",
    openMenu: "افتح القائمة",
    closeMenu: "أغلق القائمة",
  },
  language: {
    switchTo: "English",
    switchLabel: "التبديل إلى الإنجليزية",
    short: "EN",
  },
  fraud: {
    title: "احذر من المواقع المزيّفة",
    body: "هذا هو الموقع الرسمي الوحيد لـ{{brand}}. المواقع المشابهة والصفحات التي تنتحل اسمنا أو منتجاتنا لا تتبع لنا، فلا تُدخل رمز التحقق أو بيانات الدفع في أي مكان آخر.",
    understand: "فهمت",
  },
  footer: {
    categories: "الفئات",
    follow: "تابعنا",
    contact: "تواصل معنا",
    privacy: "سياسة الخصوصية",
    terms: "شروط الاستخدام",
    rights: "© {{year}} {{brand}}. جميع الحقوق محفوظة.",
    instagram: "إنستغرام",
    facebook: "فيسبوك",
    twitter: "تويتر",
  },
  floatingContact: "تواصل معنا",
  notFound: {
    metaTitle: "الصفحة غير موجودة",
    title: "الصفحة غير موجودة",
    message: "الصفحة التي تبحث عنها غير موجودة أو نُقلت إلى مكان آخر.",
    home: "العودة إلى الرئيسية",
  },
  error: {
    title: "حدث خطأ غير متوقع في التطبيق!",
    message: "حدث خلل من جهتنا. يُرجى المحاولة مرة أخرى بعد قليل.",
    home: "العودة إلى الرئيسية",
  },
  toast: {
    success: "تمّ بنجاح",
    error: "خطأ",
    dismiss: "إغلاق",
    region: "الإشعارات",
  },
  tooManyAttempts: "محاولات كثيرة جدًا. يُرجى المحاولة مجددًا {{when}}.",
  crossSite: "رُفض هذا الطلب لأنه صادر من موقع آخر.",
  breadcrumb: "مسار التنقل",
  loading: "جارٍ التحميل…",
};

export default ar;
