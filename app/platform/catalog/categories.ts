import type { Category } from "./types";

export const categories: Category[] = [
  {
    id: "cat-face",
    name: "face",
    title: { en: "Face Care", ar: "العناية بالوجه" },
    description: {
      en: "Gentle cleansers, serums and creams that keep facial skin clear, soft and even.",
      ar: "غسولات وسيرومات وكريمات لطيفة تحافظ على نقاء بشرة الوجه ونعومتها وتوحّد لونها.",
    },
    image: "/images/categories/face.svg",
    imageAlt: { en: "A jar of face cream beside a soft crescent moon", ar: "علبة كريم للوجه بجانب هلال ناعم" },
  },
  {
    id: "cat-face-and-body",
    name: "face-and-body",
    title: { en: "Face and Body Care", ar: "العناية بالوجه والجسم" },
    description: {
      en: "Versatile formulas that care for face and body alike, for the whole family.",
      ar: "تركيبات متعددة الاستخدامات تعتني بالوجه والجسم معًا، لكل أفراد العائلة.",
    },
    image: "/images/categories/face-and-body.svg",
    imageAlt: { en: "A cream jar and a lotion bottle side by side", ar: "علبة كريم وعبوة لوشن جنبًا إلى جنب" },
  },
  {
    id: "cat-sun",
    name: "sun",
    title: { en: "Sun Care", ar: "الحماية من الشمس" },
    description: {
      en: "High-protection sunscreens that shield against UVA and UVB without a heavy feel.",
      ar: "واقيات شمس عالية الحماية تصدّ الأشعة فوق البنفسجية دون إحساس بالثقل.",
    },
    image: "/images/categories/sun.svg",
    imageAlt: { en: "A sunscreen tube under a warm, bright sun", ar: "أنبوب واقي شمس تحت شمس دافئة ساطعة" },
  },
  {
    id: "cat-under-arms",
    name: "under-arms",
    title: { en: "Under Arms Care", ar: "العناية بمنطقة الإبط" },
    description: {
      en: "Soothing care that evens the tone of the underarm area and keeps it fresh.",
      ar: "عناية مهدّئة توحّد لون منطقة الإبط وتمنحها انتعاشًا يدوم.",
    },
    image: "/images/categories/under-arms.svg",
    imageAlt: { en: "A slim cream tube with chamomile flowers", ar: "أنبوب كريم نحيل مع زهور البابونج" },
  },
  {
    id: "cat-body",
    name: "body",
    title: { en: "Body Care", ar: "العناية بالجسم" },
    description: {
      en: "Rich lotions and soaps that nourish dry skin and leave it smooth all day.",
      ar: "لوشنات وأنواع صابون غنية تغذّي البشرة الجافة وتتركها ناعمة طوال اليوم.",
    },
    image: "/images/categories/body.svg",
    imageAlt: { en: "A pump bottle of body lotion and a bar of soap", ar: "عبوة لوشن للجسم بمضخة وقالب صابون" },
  },
  {
    id: "cat-instant-white",
    name: "instant-white",
    title: { en: "Instant White", ar: "التفتيح الفوري" },
    description: {
      en: "Brightening formulas for a radiant, luminous look from the first use.",
      ar: "تركيبات تفتيح تمنح البشرة إشراقة ونضارة من أول استخدام.",
    },
    image: "/images/categories/instant-white.svg",
    imageAlt: { en: "A pearly jar glowing with soft light", ar: "علبة لؤلؤية يشعّ منها ضوء ناعم" },
  },
];
