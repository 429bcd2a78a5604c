import type en from "../en/report";

const ar: typeof en = {
  errors: {
    scan_not_found: "تعذّر العثور على عملية التحقّق هذه. يُرجى التحقّق من الرمز مرة أخرى ثم الإبلاغ.",
    genuine_result: "أكّدت عملية التحقّق هذه أصالة المنتج، فلا يوجد ما يُبلَّغ عنه.",
    photo_too_large: "حجم الصورة أكبر من \u20665 MB\u2069. يُرجى اختيار صورة أصغر.",
    photo_type: "يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP.",
    photo_unreadable: "تعذّرت قراءة الصورة. يُرجى اختيار صورة أخرى.",
    photo_requires_multipart: "تُرسَل الصورة بصيغة multipart/form-data، لا داخل JSON.",
    report_not_found: "هذا البلاغ غير موجود.",
    report_transition: "لا يمكن نقل هذا البلاغ إلى تلك الحالة.",
  },
  form: {
    required: "يُرجى تعبئة هذا الحقل",
    sellerTooLong: "يُرجى ألّا يتجاوز اسم المتجر أو البائع {{max}} حرفًا",
    cityTooLong: "يُرجى ألّا يتجاوز اسم المدينة {{max}} حرفًا",
    countryRequired: "يُرجى اختيار الدولة",
    countryInvalid: "يُرجى اختيار دولة من القائمة",
    dateRequired: "يُرجى إدخال تاريخ الشراء",
    dateInvalid: "يُرجى إدخال تاريخ صحيح، مثل \u20662026-11-21\u2069",
    dateFuture: "لا يمكن أن يكون تاريخ الشراء في المستقبل",
    contactInvalid: "يُرجى إدخال رقم هاتف مع رمز الدولة أو عنوان بريد إلكتروني",
    contactTooLong: "يُرجى ألّا يتجاوز الهاتف أو البريد الإلكتروني {{max}} حرفًا",
    consentRequired: "يُرجى تحديد المربّع للموافقة، حتى نتمكّن من حفظ بلاغك",
  },
};

export default ar;
