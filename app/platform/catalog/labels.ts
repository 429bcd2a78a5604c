import type { Language } from "~/platform/i18n/languages";
import type { Localized } from "./types";

/**
 * What the EU cosmetics label of each product carries (Regulation (EC) No 1223/2009, article 19), as
 * data the product page shows in English and Arabic and GS1's `ingredientsInfo` / `safetyInfo` links
 * lead to (decision 192): the nominal content, the function, the ingredients by their INCI names (in
 * descending order of weight; the same names in every language), the period after opening (and,
 * where the minimum durability is 30 months or less, that a best-before date is printed on the pack),
 * the precautions for use and the responsible person. The formulas are invented but plausible for
 * what each product's description says; nothing here is a medical claim.
 */
export type CosmeticsLabel = {
  /** Nominal content as printed: "50 ml", "100 g". */
  content: string;
  /** What the product is for. */
  function: Localized;
  /** INCI names, most first. */
  ingredients: readonly string[];
  /** Months the product keeps once opened (the open-jar symbol: "12M"). */
  periodAfterOpeningMonths: number;
  /** A minimum durability of 30 months or less: the pack carries a best-before date. */
  bestBeforeOnPack: boolean;
  /** Precautions for use, one sentence each. */
  precautions: readonly Localized[];
};

/** The person responsible in the EU for every product of the brand (article 4): name and postal address. */
export const RESPONSIBLE_PERSON = { name: "Lunara Care Europe S.A.S.", address: "8 rue de l'Exemple, 75002 Paris, France" } as const;

const EYES: Localized = {
  en: "Avoid contact with the eyes. If the product gets into them, rinse well with water.",
  ar: "تجنّبي ملامسة المنتج للعينين، وإن وصل إليهما فاشطفيهما جيدًا بالماء.",
};
const EXTERNAL: Localized = { en: "For external use only.", ar: "للاستعمال الخارجي فقط." };
const CHILDREN: Localized = { en: "Keep out of the reach of children.", ar: "يُحفظ بعيدًا عن متناول الأطفال." };
const STOP: Localized = {
  en: "Stop using it if redness, itching or stinging lasts.",
  ar: "توقّفي عن استخدامه إن استمرّ الاحمرار أو الحكّة أو الوخز.",
};

/** The warnings every sun product carries (Commission Recommendation 2006/647/EC, point 10). */
const SUN: readonly Localized[] = [
  { en: "Do not stay too long in the sun, even while using a sunscreen product.", ar: "لا تبقي في الشمس فترة طويلة، حتى مع استخدام واقي الشمس." },
  { en: "Keep babies and young children out of direct sunlight.", ar: "أبقي الرضّع والأطفال الصغار بعيدًا عن أشعة الشمس المباشرة." },
  { en: "Over-exposure to the sun is a serious health threat.", ar: "التعرّض المفرط للشمس خطر جسيم على الصحة." },
  { en: "Reapply often, especially after swimming, sweating or towelling.", ar: "أعيدي وضعه كثيرًا، خصوصًا بعد السباحة أو التعرّق أو التجفيف بالمنشفة." },
  EYES,
];

/** Each product's label, by the product's id (app/platform/catalog/products.ts). */
const LABELS: Record<string, CosmeticsLabel> = {
  // Hydra Calm Face Cream
  "285972dc-cb3e-4182-9d93-d6fb10bcfbbb": {
    content: "50 ml",
    function: { en: "Moisturising face cream", ar: "كريم مرطّب للوجه" },
    ingredients: [
      "Aqua", "Glycerin", "Squalane", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol", "Panthenol", "Glyceryl Stearate",
      "Avena Sativa Kernel Extract", "Sodium Hyaluronate", "Hydrolyzed Sodium Hyaluronate", "Cetearyl Glucoside", "Xanthan Gum",
      "Tocopherol", "Sodium Phytate", "Citric Acid", "Phenoxyethanol", "Ethylhexylglycerin",
    ],
    periodAfterOpeningMonths: 6,
    bestBeforeOnPack: false,
    precautions: [EYES, EXTERNAL],
  },
  // Rose & Oat Facial Soap
  "20b92fb1-cb90-4fda-9af0-c6eb37933357": {
    content: "100 g",
    function: { en: "Cleansing bar for the face", ar: "قالب منظّف للوجه" },
    ingredients: [
      "Sodium Cocoyl Isethionate", "Stearic Acid", "Sodium Isethionate", "Cetearyl Alcohol", "Aqua", "Glycerin",
      "Avena Sativa Kernel Flour", "Butyrospermum Parkii Butter", "Rosa Damascena Flower Water", "Sodium Chloride", "Parfum",
      "Tetrasodium EDTA", "Citronellol", "Geraniol", "Linalool", "CI 77891",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: false,
    precautions: [EYES, { en: "Rinse off well after use.", ar: "اشطفي الوجه جيدًا بعد الاستخدام." }],
  },
  // Family Sun Lotion SPF 59
  "01c271e0-34fb-4e2f-b4d1-60d57f1e309b": {
    content: "200 ml",
    function: { en: "Sun protection lotion for the whole family", ar: "لوشن للحماية من الشمس لجميع أفراد العائلة" },
    ingredients: [
      "Aqua", "Diisopropyl Adipate", "Ethylhexyl Salicylate", "Glycerin", "Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine",
      "Butyl Methoxydibenzoylmethane", "Ethylhexyl Triazone", "Diethylamino Hydroxybenzoyl Hexyl Benzoate", "Aloe Barbadensis Leaf Juice",
      "Cetearyl Alcohol", "Potassium Cetyl Phosphate", "Tocopheryl Acetate", "Acrylates/C10-30 Alkyl Acrylate Crosspolymer",
      "Sodium Hydroxide", "Disodium EDTA", "Phenoxyethanol", "Ethylhexylglycerin",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: true,
    precautions: [
      ...SUN,
      { en: "Not for babies under six months.", ar: "غير مخصّص للرضّع دون ستة أشهر." },
    ],
  },
  // Shea & Almond Nourishing Cream
  "4eb00faa-85fd-44b2-bb83-6d0c367890f8": {
    content: "150 ml",
    function: { en: "Nourishing cream for face and body", ar: "كريم مغذٍّ للوجه والجسم" },
    ingredients: [
      "Aqua", "Butyrospermum Parkii Butter", "Prunus Amygdalus Dulcis Oil", "Glycerin", "Cetearyl Alcohol", "Glyceryl Stearate",
      "Cetearyl Glucoside", "Allantoin", "Tocopherol", "Xanthan Gum", "Sodium Phytate", "Benzyl Alcohol", "Dehydroacetic Acid",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: false,
    precautions: [
      { en: "Contains sweet almond oil: do not use it if you are allergic to nuts.", ar: "يحتوي على زيت اللوز الحلو: لا تستخدميه إن كانت لديكِ حساسية من المكسّرات." },
      EYES,
    ],
  },
  // Sun Shield Cream SPF 90
  "a6b59288-91ff-4e08-8b1d-ed91bfcf2671": {
    content: "50 ml",
    function: { en: "Very high sun protection cream for the face", ar: "كريم حماية عالية جدًا من الشمس للوجه" },
    ingredients: [
      "Aqua", "Diisopropyl Sebacate", "Ethylhexyl Salicylate", "Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine",
      "Butyl Methoxydibenzoylmethane", "Ethylhexyl Triazone", "Diethylamino Hydroxybenzoyl Hexyl Benzoate", "Glycerin",
      "Methylene Bis-Benzotriazolyl Tetramethylbutylphenol [Nano]", "Decyl Glucoside", "Camellia Sinensis Leaf Extract", "Tocopherol",
      "Cetearyl Alcohol", "Glyceryl Stearate", "Xanthan Gum", "Disodium EDTA", "Phenoxyethanol", "Ethylhexylglycerin",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: true,
    precautions: SUN,
  },
  // Sun Shield Ultra Fluid SPF 90++
  "9f55a669-fb69-400e-988a-8ae91d9f2a61": {
    content: "40 ml",
    function: { en: "Very high sun protection fluid for the face", ar: "سائل حماية عالية جدًا من الشمس للوجه" },
    ingredients: [
      "Aqua", "Dicaprylyl Carbonate", "Ethylhexyl Salicylate", "Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine",
      "Butyl Methoxydibenzoylmethane", "Ethylhexyl Triazone", "Diethylamino Hydroxybenzoyl Hexyl Benzoate", "Niacinamide", "Silica",
      "Glycerin", "Propanediol", "Polyglyceryl-2 Dipolyhydroxystearate", "Tocopherol", "Sodium Citrate", "Phenoxyethanol",
      "Ethylhexylglycerin",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: true,
    precautions: [...SUN, { en: "Shake well before use.", ar: "رجّي العبوة جيدًا قبل الاستخدام." }],
  },
  // Invisible Sun Gel SPF 60
  "86b5b8af-b2dd-43bb-8bd2-42f318d2d727": {
    content: "50 ml",
    function: { en: "Sun protection gel for face and body", ar: "جل للحماية من الشمس للوجه والجسم" },
    ingredients: [
      "Aqua", "C12-15 Alkyl Benzoate", "Ethylhexyl Salicylate", "Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine",
      "Butyl Methoxydibenzoylmethane", "Ethylhexyl Triazone", "Glycerin", "Aloe Barbadensis Leaf Juice", "Cucumis Sativus Fruit Extract",
      "Sodium Acrylates Copolymer", "Tocopherol", "Sodium Benzoate", "Potassium Sorbate", "Citric Acid",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: true,
    precautions: SUN,
  },
  // Even Tone Underarm Cream
  "6aab3b0e-8690-46fa-8ad2-56c0545fa72e": {
    content: "50 ml",
    function: { en: "Underarm care cream", ar: "كريم للعناية بمنطقة الإبط" },
    ingredients: [
      "Aqua", "Niacinamide", "Glycerin", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol", "Lactic Acid", "Glyceryl Stearate",
      "Glycyrrhiza Glabra Root Extract", "Chamomilla Recutita Flower Extract", "Bisabolol", "Sodium Hydroxide", "Xanthan Gum",
      "Sodium Phytate", "Phenoxyethanol", "Ethylhexylglycerin",
    ],
    periodAfterOpeningMonths: 6,
    bestBeforeOnPack: false,
    precautions: [
      { en: "Do not apply straight after shaving, nor on broken or irritated skin.", ar: "لا تضعيه بعد الحلاقة مباشرة، ولا على بشرة مجروحة أو متهيّجة." },
      { en: "Contains lactic acid, which can make the skin more sensitive to the sun: protect treated skin from it.", ar: "يحتوي على حمض اللاكتيك الذي قد يزيد حساسية البشرة للشمس، فاحمي المنطقة المعالَجة منها." },
      STOP,
      EXTERNAL,
    ],
  },
  // Silk Touch Body Lotion
  "2e21c31c-9462-4ac4-9035-c8d09407c007": {
    content: "250 ml",
    function: { en: "Moisturising body lotion", ar: "لوشن مرطّب للجسم" },
    ingredients: [
      "Aqua", "Glycerin", "Caprylic/Capric Triglyceride", "Cetearyl Alcohol", "Argania Spinosa Kernel Oil", "Glyceryl Stearate",
      "Panthenol", "Sodium Hyaluronate", "Cetearyl Glucoside", "Carbomer", "Sodium Hydroxide", "Parfum", "Tocopherol",
      "Phenoxyethanol", "Ethylhexylglycerin", "Linalool", "Limonene",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: false,
    precautions: [EXTERNAL, EYES],
  },
  // Honey & Glycerin Body Soap
  "eb61e7f6-2695-4120-be2a-910658e73e96": {
    content: "120 g",
    function: { en: "Cleansing bar for the body", ar: "صابون منظّف للجسم" },
    ingredients: [
      "Sodium Palmate", "Sodium Cocoate", "Aqua", "Glycerin", "Mel", "Sodium Chloride", "Parfum", "Tetrasodium Etidronate",
      "Tetrasodium EDTA", "Benzyl Salicylate", "Coumarin", "CI 77492",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: false,
    precautions: [EYES, CHILDREN],
  },
  // Cocoa Butter Body Cream
  "ddf39c84-7f56-48b4-8a4b-5b29f6f06255": {
    content: "200 ml",
    function: { en: "Nourishing body cream", ar: "كريم مغذٍّ للجسم" },
    ingredients: [
      "Aqua", "Theobroma Cacao Seed Butter", "Butyrospermum Parkii Butter", "Glycerin", "Cetearyl Alcohol", "Glyceryl Stearate",
      "Centella Asiatica Extract", "Tocopheryl Acetate", "Cetearyl Glucoside", "Xanthan Gum", "Parfum", "Sodium Phytate",
      "Benzyl Alcohol", "Dehydroacetic Acid", "Benzyl Benzoate",
    ],
    periodAfterOpeningMonths: 12,
    bestBeforeOnPack: false,
    precautions: [EXTERNAL, EYES],
  },
  // Instant White Glow Cream
  "09fa3fb2-f47e-40d1-b591-11beab94b7f5": {
    content: "50 ml",
    function: { en: "Tinted radiance cream for the face", ar: "كريم ملوّن لإشراقة الوجه" },
    ingredients: [
      "Aqua", "Glycerin", "Caprylic/Capric Triglyceride", "Niacinamide", "Mica", "Cetearyl Alcohol", "3-O-Ethyl Ascorbic Acid",
      "Glyceryl Stearate", "Sodium Hyaluronate", "Cetearyl Glucoside", "Xanthan Gum", "Tocopherol", "Sodium Phytate",
      "Phenoxyethanol", "Ethylhexylglycerin", "CI 77891", "CI 77491",
    ],
    periodAfterOpeningMonths: 6,
    bestBeforeOnPack: false,
    precautions: [
      { en: "Use a sunscreen during the day.", ar: "استخدمي واقيًا من الشمس خلال النهار." },
      EYES,
      STOP,
    ],
  },
};

/** A product's label data; undefined for an id the catalogue does not have. */
export function productLabel(productId: string): CosmeticsLabel | undefined {
  return LABELS[productId];
}

/** A product's label as a page shows it, in one language (the INCI names as they are). */
export type LabelFacts = {
  content: string;
  function: string;
  ingredients: readonly string[];
  periodAfterOpeningMonths: number;
  bestBeforeOnPack: boolean;
  precautions: string[];
  responsible: { name: string; address: string };
};

export function labelFacts(label: CosmeticsLabel, language: Language): LabelFacts {
  return {
    content: label.content,
    function: label.function[language],
    ingredients: label.ingredients,
    periodAfterOpeningMonths: label.periodAfterOpeningMonths,
    bestBeforeOnPack: label.bestBeforeOnPack,
    precautions: label.precautions.map((p) => p[language]),
    responsible: RESPONSIBLE_PERSON,
  };
}
