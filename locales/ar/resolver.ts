import type en from "../en/resolver";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  links: {
    productPage: "{{product}}",
    pip: "{{product}}: معلومات المنتج",
    instructions: "طريقة استخدام {{product}}",
    ingredients: "مكوّنات {{product}}",
    safety: "الاستخدام الآمن لـ{{product}}",
    register: "التحقّق من العبوة، ثم التسجيل لتلقّي تنبيهات السلامة عن {{product}}",
    check: "التحقّق من أصالة {{product}}",
    recallPage: "حالة سحب {{product}}، رقم التشغيلة {{lot}}",
    recallData: "حالة سحب {{product}}، رقم التشغيلة {{lot}} (بيانات)",
    recallNotice: "سحب منتج لدواعي السلامة: {{product}}، رقم التشغيلة {{lot}}",
    pack: "هذه العبوة من {{product}}: التحقّق منها ثم إدخال رمز PIN",
    packRegister: "إدخال رمز PIN لهذه العبوة، ثم التسجيل لتلقّي تنبيهات السلامة عن {{product}}",
  },
  item: {
    product: "{{product}}",
    variant: "{{product}}، المتغيّر {{variant}}",
    lot: "{{product}}، رقم التشغيلة {{lot}}",
    serial: "{{product}}، الرقم التسلسلي {{serial}}",
  },
  resolverName: "محلّل روابط GS1 Digital Link من {{brand}}",
  faults: {
    gtin: "الرقم العالمي للسلعة (GTIN) في هذا الرابط غير صالح: يجب أن يتكوّن من 8 أو 12 أو 13 أو 14 رقمًا برقم تحقّق صحيح.",
    segments: "أحد أجزاء هذا الرابط بلا قيمة.",
    qualifier: "يحتوي هذا الرابط على جزء لا تسمح به GS1 بعد الرقم العالمي للسلعة: المسموح هو المتغيّر (22) ورقم التشغيلة (10) والرقم التسلسلي (21) فقط.",
    order: "أجزاء هذا الرابط ليست بالترتيب الصحيح: المتغيّر (22) ثم رقم التشغيلة (10) ثم الرقم التسلسلي (21)، وكلٌّ منها مرة واحدة.",
    value: "رقم التشغيلة أو الرقم التسلسلي أو المتغيّر في هذا الرابط فارغ أو أطول من 20 حرفًا أو يحتوي على أحرف لا تسمح بها GS1.",
    attribute: "أحد التواريخ في استعلام هذا الرابط ليس يومًا صحيحًا (YYMMDD).",
    primary_key: "لا يبدأ هذا الرابط بمفتاح GS1 أساسي.",
  },
  notFound: {
    gtin: "هذا الرقم العالمي للسلعة (GTIN) ليس لأحد منتجاتنا.",
    linkType: "لا يتضمّن هذا الرابط رابطًا من النوع المطلوب.",
  },
  recallPage: {
    metaTitle: "حالة السحب: {{product}}، رقم التشغيلة {{lot}}",
    eyebrow: "حالة السحب",
    title: "{{product}}، رقم التشغيلة {{lot}}",
    clear: "هذه الدفعة غير مسحوبة من السوق. إن كانت عبوتكِ منها، فيمكنكِ مواصلة استخدامها كما يذكر ملصقها.",
    productLink: "عرض المنتج",
    check: "التحقّق من العبوة",
  },
};

export default ar;
