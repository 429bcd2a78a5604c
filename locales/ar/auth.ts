import type en from "../en/auth";

const ar: typeof en = {
  metaTitle: "تسجيل دخول المشرفين",
  metaDescription: "تسجيل الدخول لإدارة رموز التحقّق وقراءة رسائل العملاء.",
  eyebrow: "لوحة الإدارة",
  title: "تسجيل الدخول",
  intro: "إدارة رموز التحقّق والاطّلاع على رسائل العملاء.",
  username: "اسم المستخدم",
  usernamePlaceholder: "يُرجى إدخال اسم المستخدم",
  password: "كلمة المرور",
  passwordPlaceholder: "يُرجى إدخال كلمة المرور",
  submit: "تسجيل الدخول",
  submitting: "جارٍ تسجيل الدخول…",
  backToSite: "العودة إلى الموقع",
  sessionExpired: {
    page: "انتهت الجلسة. يُرجى تسجيل الدخول من جديد للعودة إلى الصفحة السابقة.",
    unsaved: "انتهت الجلسة قبل حفظ التغيير الأخير. يُرجى تسجيل الدخول من جديد ثم إعادته.",
  },
  validation: {
    usernameMin: "يجب أن يتكوّن اسم المستخدم من 5 أحرف على الأقل",
    passwordMin: "يجب أن تتكوّن كلمة المرور من 5 أحرف على الأقل",
    tooLong: "النص أطول من المسموح",
  },
  toast: {
    loginSuccess: "تمّ تسجيل الدخول بنجاح",
    loginSuccessDescription: "مرحبًا بك في لوحة الإدارة",
    loginFailed: "تعذّر تسجيل الدخول",
    invalidCredentials: "اسم المستخدم أو كلمة المرور غير صحيحة.",
    logoutSuccess: "تمّ تسجيل الخروج بنجاح",
    logoutSuccessDescription: "تمّ إنهاء الجلسة بنجاح",
    logoutFailed: "تعذّر تسجيل الخروج",
  },
  api: {
    refreshed: "تمّ تجديد رمز الجلسة",
    refreshFailed: "انتهت جلستك. يُرجى تسجيل الدخول من جديد.",
    invalidRefreshToken: "رمز التجديد غير صالح أو منتهي الصلاحية.",
  },
  logout: "تسجيل الخروج",
  loggingOut: "جارٍ تسجيل الخروج…",
};

export default ar;
