import type { Product } from "./types";

/**
 * The twelve products of the catalogue (static data, no database). Ids are fixed: printed codes and the
 * admin's code list refer to them. Descriptions use `{Heading}` markers and blank lines between
 * paragraphs; how-to-use texts are numbered steps, one a line (see `parseRichText`). GTINs are GTIN-13s
 * under one made-up GS1 company prefix, 9526543 (952 is GS1's prefix for demonstrations): item
 * references 00001–00012 in catalogue order, each with its check digit.
 */
// Arabic texts put a left-to-right mark (\u200E) after "SPF 90++" so the "++" stays with the number; a
// no-break space (\u00A0) keeps "SPF" and its number on one line wherever a name or text wraps.
export const products: Product[] = [
  {
    id: "285972dc-cb3e-4182-9d93-d6fb10bcfbbb",
    name: "Hydra Calm Face Cream",
    nameAr: "كريم هايدرا كالم للوجه",
    category: "face",
    description: `A light, cushiony cream that gives thirsty facial skin a long drink of moisture without leaving it shiny. It melts in quickly, calms tightness after cleansing and leaves the skin supple and comfortable from morning to night.

{Why you will love it}
The whipped texture absorbs in seconds and sits well under sunscreen and make-up. Skin feels soft, looks rested and stays hydrated for up to 24 hours.

{Key ingredients}
Hyaluronic acid of two sizes draws water into the upper layers of the skin. Panthenol and oat extract soothe redness and dryness, while squalane restores the skin's protective barrier.

{Suitable for}
Normal, dry and sensitive skin. Fragrance-free and tested under dermatological supervision.`,
    descriptionAr: `كريم خفيف بقوام ناعم يروي بشرة الوجه العطشى بالرطوبة دون أن يترك لمعانًا. يذوب سريعًا على البشرة، ويخفف الإحساس بالشد بعد الغسل، فتبقى البشرة مرنة ومرتاحة من الصباح حتى المساء.

{لماذا ستحبينه}
تتشرّب البشرة قوامه المخفوق خلال ثوانٍ، ويناسب الاستخدام تحت واقي الشمس والمكياج. تبدو البشرة ناعمة ومرتاحة وتبقى مرطّبة حتى 24 ساعة.

{المكوّنات الأساسية}
حمض الهيالورونيك بحجمين مختلفين يجذب الماء إلى الطبقات العليا من البشرة، والبانثينول ومستخلص الشوفان يهدّئان الاحمرار والجفاف، أما السكوالان فيعيد بناء الحاجز الواقي للبشرة.

{يناسب}
البشرة العادية والجافة والحساسة. خالٍ من العطور ومُختبر تحت إشراف أطباء الجلد.`,
    howToUse: `1. Cleanse your face and pat it dry.
2. Warm a pea-sized amount between your fingertips.
3. Smooth it over the face and neck with gentle upward strokes, avoiding the eye area.
4. Use morning and evening; in the morning, follow with sunscreen.`,
    howToUseAr: `1. اغسلي وجهك وجفّفيه بلطف بالتربيت.
2. دفّئي كمية بحجم حبة البازلاء بين أطراف أصابعك.
3. وزّعي الكريم على الوجه والرقبة بحركات لطيفة إلى الأعلى، مع تجنّب منطقة العينين.
4. استخدميه صباحًا ومساءً، وضعي واقي الشمس بعده في الصباح.`,
    images: [
      "/images/products/hydra-calm-cream-1.svg",
      "/images/products/hydra-calm-cream-2.svg",
      "/images/products/hydra-calm-cream-3.svg",
    ],
    imageAlts: [
      { en: "Hydra Calm Face Cream in a pale green jar", ar: "كريم هايدرا كالم للوجه في علبة خضراء فاتحة" },
      { en: "Open jar of Hydra Calm Face Cream with oat sprigs", ar: "علبة كريم هايدرا كالم مفتوحة بجانب سنابل الشوفان" },
      { en: "Swirl of the light, whipped cream texture", ar: "لمسة من قوام الكريم الخفيف المخفوق" },
    ],
    featured: false,
    gtin: "9526543000013",
  },
  {
    id: "20b92fb1-cb90-4fda-9af0-c6eb37933357",
    name: "Rose & Oat Facial Soap",
    nameAr: "صابون الورد والشوفان للوجه",
    category: "face",
    description: `A gentle cleansing bar made for the face. Its creamy lather lifts away make-up, sunscreen and the day's impurities while respecting the skin's natural moisture, so the face feels fresh and clean but never tight.

{Why you will love it}
Unlike ordinary soaps, this bar is pH-balanced and enriched with glycerin. It rinses off easily and leaves a soft, velvety finish.

{Key ingredients}
Finely milled oats gently polish and calm the skin, rose water refreshes it, and shea butter keeps it comfortable after every wash.

{Suitable for}
All skin types, including combination and sensitive skin.`,
    descriptionAr: `قالب صابون لطيف مخصّص للوجه. تزيل رغوته الكريمية المكياج وواقي الشمس وشوائب اليوم مع الحفاظ على رطوبة البشرة الطبيعية، فيبقى الوجه منتعشًا ونظيفًا دون أي إحساس بالشد.

{لماذا ستحبينه}
على خلاف الصابون العادي، هذا القالب متوازن الحموضة وغنيّ بالجلسرين. يُشطف بسهولة ويترك ملمسًا ناعمًا كالمخمل.

{المكوّنات الأساسية}
الشوفان المطحون ناعمًا يصقل البشرة ويهدّئها برفق، وماء الورد ينعشها، وزبدة الشيا تحافظ على راحتها بعد كل غسلة.

{يناسب}
جميع أنواع البشرة، بما فيها البشرة المختلطة والحساسة.`,
    howToUse: `1. Wet your face and the soap bar with lukewarm water.
2. Work up a soft lather between your hands.
3. Massage the lather over the face in small circles for about 30 seconds.
4. Rinse well and pat dry. Let the bar dry on a draining dish between uses.`,
    howToUseAr: `1. بلّلي وجهك وقالب الصابون بماء فاتر.
2. كوّني رغوة ناعمة بين يديك.
3. دلّكي الوجه بالرغوة بحركات دائرية صغيرة لمدة 30 ثانية تقريبًا.
4. اشطفي جيدًا وجفّفي بالتربيت، واتركي القالب يجفّ على صحن مثقوب بين الاستخدامات.`,
    images: [
      "/images/products/rose-oat-soap-1.svg",
      "/images/products/rose-oat-soap-2.svg",
    ],
    imageAlts: [
      { en: "Rose & Oat Facial Soap, a soft pink bar", ar: "صابون الورد والشوفان للوجه، قالب وردي ناعم" },
      { en: "The soap bar on a dish with rose petals and soft lather", ar: "قالب الصابون على صحن مع بتلات ورد ورغوة ناعمة" },
    ],
    featured: false,
    gtin: "9526543000020",
  },
  {
    id: "01c271e0-34fb-4e2f-b4d1-60d57f1e309b",
    name: "Family Sun Lotion SPF\u00A059",
    nameAr: "لوشن الحماية من الشمس للعائلة SPF\u00A059",
    category: "sun",
    description: `A fluid, easy-to-spread sun lotion for the whole family, for face and body. It offers very high broad-spectrum protection against UVB and UVA rays and keeps the skin moisturised during long days outdoors.

{Why you will love it}
The lotion spreads in seconds over large areas, leaves no white cast and does not feel sticky, even in humid weather. It is water-resistant for up to 80 minutes.

{Key ingredients}
A balanced blend of photostable filters is paired with aloe vera and vitamin E to soothe and protect the skin from dryness caused by sun and sea.

{Suitable for}
Adults and children over three years old, all skin types. Keep babies under six months out of direct sunlight.`,
    descriptionAr: `لوشن سائل سهل الفرد للحماية من الشمس، لكل أفراد العائلة وللوجه والجسم. يوفّر حماية عالية جدًا واسعة الطيف من الأشعة فوق البنفسجية UVB وUVA، ويحافظ على ترطيب البشرة خلال الأيام الطويلة في الهواء الطلق.

{لماذا ستحبينه}
يُفرد في ثوانٍ على المساحات الواسعة، ولا يترك أثرًا أبيض ولا إحساسًا بالالتصاق حتى في الطقس الرطب، ويقاوم الماء حتى 80 دقيقة.

{المكوّنات الأساسية}
مزيج متوازن من الفلاتر الثابتة تحت الضوء، مع الألوفيرا وفيتامين E لتهدئة البشرة وحمايتها من الجفاف الذي تسببه الشمس ومياه البحر.

{يناسب}
البالغين والأطفال فوق سن الثالثة، وجميع أنواع البشرة. يُنصح بإبعاد الرضّع دون ستة أشهر عن أشعة الشمس المباشرة.`,
    howToUse: `1. Shake well before use.
2. Apply generously to dry skin 15 minutes before going out in the sun.
3. Cover the face, ears, neck and every exposed area of the body.
4. Reapply every two hours, and after swimming, sweating or towelling.`,
    howToUseAr: `1. رجّي العبوة جيدًا قبل الاستخدام.
2. ضعي كمية وفيرة على بشرة جافة قبل التعرّض للشمس بـ15 دقيقة.
3. غطّي الوجه والأذنين والرقبة وكل المناطق المكشوفة من الجسم.
4. أعيدي وضعه كل ساعتين، وبعد السباحة أو التعرّق أو التجفيف بالمنشفة.`,
    images: [
      "/images/products/family-sun-lotion-1.svg",
      "/images/products/family-sun-lotion-2.svg",
      "/images/products/family-sun-lotion-3.svg",
    ],
    imageAlts: [
      { en: "Family Sun Lotion SPF\u00A059 in a tall coral bottle", ar: "لوشن الحماية من الشمس للعائلة SPF\u00A059 في عبوة مرجانية طويلة" },
      { en: "The sun lotion bottle on the sand under a warm sun", ar: "عبوة لوشن الحماية على الرمل تحت شمس دافئة" },
      { en: "A ribbon of fluid lotion texture", ar: "شريط من قوام اللوشن السائل" },
    ],
    featured: false,
    gtin: "9526543000037",
  },
  {
    id: "4eb00faa-85fd-44b2-bb83-6d0c367890f8",
    name: "Shea & Almond Nourishing Cream",
    nameAr: "كريم الشيا واللوز المغذّي",
    category: "face-and-body",
    description: `A rich, multi-purpose cream for face, hands and body. It wraps dry areas such as elbows, knees and heels in lasting comfort and brings softness back to skin exposed to wind, sun and air conditioning.

{Why you will love it}
One generous jar for the whole household: it nourishes deeply yet absorbs without a greasy film, and its delicate almond scent is soft enough for everyday use.

{Key ingredients}
Unrefined shea butter and sweet almond oil replenish the skin's lipids, glycerin holds moisture in, and allantoin soothes rough patches.

{Suitable for}
Normal to very dry skin, for adults and children.`,
    descriptionAr: `كريم غنيّ متعدد الاستخدامات للوجه واليدين والجسم. يغمر المناطق الجافة مثل المرفقين والركبتين والكعبين براحة تدوم، ويعيد النعومة إلى البشرة التي أرهقتها الرياح والشمس والمكيّفات.

{لماذا ستحبينه}
علبة كبيرة تكفي العائلة كلها: يغذّي بعمق ويتشرّبه الجلد دون طبقة دهنية، ورائحة اللوز الرقيقة تجعله مناسبًا للاستخدام اليومي.

{المكوّنات الأساسية}
زبدة الشيا غير المكرّرة وزيت اللوز الحلو يعوّضان دهون البشرة، والجلسرين يحبس الرطوبة فيها، والألانتوين يهدّئ المناطق الخشنة.

{يناسب}
البشرة العادية حتى شديدة الجفاف، للكبار والصغار.`,
    howToUse: null,
    howToUseAr: null,
    images: [
      "/images/products/shea-almond-cream-1.svg",
      "/images/products/shea-almond-cream-2.svg",
    ],
    imageAlts: [
      { en: "Shea & Almond Nourishing Cream in a wide cream-coloured jar", ar: "كريم الشيا واللوز المغذّي في علبة عريضة بلون الكريم" },
      { en: "The open jar beside almonds and a shea nut", ar: "العلبة مفتوحة بجانب حبات لوز وثمرة شيا" },
    ],
    featured: false,
    gtin: "9526543000044",
  },
  {
    id: "a6b59288-91ff-4e08-8b1d-ed91bfcf2671",
    name: "Sun Shield Cream SPF\u00A090",
    nameAr: "كريم صن شيلد الواقي SPF\u00A090",
    category: "sun",
    description: `Our highest daily protection in a smooth, comfortable cream. SPF\u00A090 guards against sunburn while broad-spectrum filters defend against the UVA rays that cause dark spots and premature ageing.

{Why you will love it}
A creamy yet light texture that blends easily, keeps the skin moisturised and leaves a natural, satin finish. Ideal for long exposure, the beach and strong summer sun.

{Key ingredients}
Photostable UVA and UVB filters, vitamin E and green tea extract help protect the skin from sun-induced stress, while glycerin keeps it soft.

{Suitable for}
Normal to dry skin, skin prone to pigmentation, and anyone who needs very high protection.`,
    descriptionAr: `أعلى حماية يومية لدينا في كريم ناعم ومريح. يقي عامل الحماية SPF\u00A090 من حروق الشمس، بينما تتصدّى الفلاتر واسعة الطيف لأشعة UVA المسؤولة عن البقع الداكنة وعلامات التقدّم المبكر في السن.

{لماذا ستحبينه}
قوام كريمي لكنه خفيف، يمتزج بسهولة ويحافظ على ترطيب البشرة ويمنحها لمسة ساتانية طبيعية. مثالي للتعرّض الطويل للشمس وللبحر وشمس الصيف القوية.

{المكوّنات الأساسية}
فلاتر ثابتة تحت الضوء ضد UVA وUVB، مع فيتامين E ومستخلص الشاي الأخضر للمساعدة على حماية البشرة من إجهاد الشمس، والجلسرين ليحافظ على نعومتها.

{يناسب}
البشرة العادية إلى الجافة، والبشرة المعرّضة للتصبّغ، وكل من يحتاج إلى حماية عالية جدًا.`,
    howToUse: `1. Apply as the last step of your morning routine, 15 minutes before sun exposure.
2. Use a generous amount: about two finger lengths for the face and neck.
3. Reapply every two hours and after swimming or sweating.`,
    howToUseAr: `1. ضعيه كآخر خطوة في روتينك الصباحي، قبل التعرّض للشمس بـ15 دقيقة.
2. استخدمي كمية وفيرة: ما يعادل طول إصبعين تقريبًا للوجه والرقبة.
3. أعيدي وضعه كل ساعتين وبعد السباحة أو التعرّق.`,
    images: [
      "/images/products/sun-shield-spf90-1.svg",
      "/images/products/sun-shield-spf90-2.svg",
      "/images/products/sun-shield-spf90-3.svg",
    ],
    imageAlts: [
      { en: "Sun Shield Cream SPF\u00A090 in a golden tube", ar: "كريم صن شيلد الواقي SPF\u00A090 في أنبوب ذهبي" },
      { en: "The golden tube under a bright sun", ar: "الأنبوب الذهبي تحت شمس ساطعة" },
      { en: "A dab of the smooth sun cream texture", ar: "لمسة من قوام كريم الحماية الناعم" },
    ],
    featured: false,
    gtin: "9526543000051",
  },
  {
    id: "9f55a669-fb69-400e-988a-8ae91d9f2a61",
    name: "Sun Shield Ultra Fluid SPF\u00A090++",
    nameAr: "سائل صن شيلد ألترا الواقي SPF\u00A090++\u200E",
    category: "sun",
    description: `Maximum protection in an ultra-light fluid that feels like nothing on the skin. SPF\u00A090++ combines our strongest UVB protection with reinforced UVA defence for days of intense sun, high altitude or reflective surfaces such as water and sand.

{Why you will love it}
The water-light fluid dries to an invisible, non-greasy finish, does not clog pores and stays put through heat and humidity. It works beautifully as a make-up base.

{Key ingredients}
A reinforced network of broad-spectrum filters, niacinamide to help even out the skin tone, and silica powders that absorb excess shine.

{Suitable for}
Combination and oily skin, sensitive skin, and skin prone to dark spots.`,
    descriptionAr: `أقصى درجات الحماية في سائل فائق الخفة لا يكاد يُحسّ على البشرة. يجمع SPF\u00A090++\u200E أقوى حماية لدينا من أشعة UVB مع دفاع معزّز ضد أشعة UVA، لأيام الشمس الحارقة والمرتفعات والأسطح العاكسة كالماء والرمال.

{لماذا ستحبينه}
يجفّ هذا السائل الخفيف كالماء بلمسة غير مرئية وغير دهنية، ولا يسدّ المسام، ويثبت رغم الحرارة والرطوبة. وهو قاعدة مثالية تحت المكياج.

{المكوّنات الأساسية}
شبكة معزّزة من الفلاتر واسعة الطيف، والنياسيناميد للمساعدة على توحيد لون البشرة، ومساحيق السيليكا التي تمتص اللمعان الزائد.

{يناسب}
البشرة المختلطة والدهنية، والبشرة الحساسة، والبشرة المعرّضة للبقع الداكنة.`,
    howToUse: `1. Shake the bottle well.
2. Apply three to four drops to the face and neck as the last step of your routine.
3. Wait one minute before applying make-up.
4. Reapply every two hours when outdoors.`,
    howToUseAr: `1. رجّي العبوة جيدًا.
2. ضعي ثلاث إلى أربع قطرات على الوجه والرقبة كآخر خطوة في روتينك.
3. انتظري دقيقة قبل وضع المكياج.
4. أعيدي وضعه كل ساعتين عند البقاء في الخارج.`,
    images: [
      "/images/products/sun-shield-fluid-1.svg",
      "/images/products/sun-shield-fluid-2.svg",
      "/images/products/sun-shield-fluid-3.svg",
    ],
    imageAlts: [
      { en: "Sun Shield Ultra Fluid SPF\u00A090++ in a slim amber bottle", ar: "سائل صن شيلد ألترا SPF\u00A090++\u200E في عبوة كهرمانية نحيلة" },
      { en: "The fluid bottle by the sea under the sun", ar: "عبوة السائل بجانب البحر تحت الشمس" },
      { en: "Drops of the water-light fluid", ar: "قطرات من السائل الخفيف كالماء" },
    ],
    featured: false,
    gtin: "9526543000068",
  },
  {
    id: "86b5b8af-b2dd-43bb-8bd2-42f318d2d727",
    name: "Invisible Sun Gel SPF\u00A060",
    nameAr: "جل الحماية الشفاف SPF\u00A060",
    category: "sun",
    description: `A clear, refreshing gel with high protection for everyday life in the city. It glides on like water, cools the skin on contact and disappears completely, leaving no white traces on any skin tone.

{Why you will love it}
Fast-absorbing and oil-free, it is the sunscreen you will actually want to wear every day, even in summer heat. It also suits men's skin and hairy areas where creams feel heavy.

{Key ingredients}
Broad-spectrum filters in a light gel base with aloe vera and cucumber extract to cool and refresh.

{Suitable for}
All skin types, especially oily and acne-prone skin.`,
    descriptionAr: `جل شفاف منعش بحماية عالية للحياة اليومية في المدينة. ينساب على البشرة كالماء، ويبرّدها فور ملامستها، ثم يختفي تمامًا دون أن يترك أثرًا أبيض على أي لون بشرة.

{لماذا ستحبينه}
سريع الامتصاص وخالٍ من الزيوت، إنه واقي الشمس الذي سترغبين في وضعه كل يوم حتى في حرّ الصيف. ويناسب بشرة الرجال والمناطق التي يكثر فيها الشعر حيث تبدو الكريمات ثقيلة.

{المكوّنات الأساسية}
فلاتر واسعة الطيف في قاعدة جل خفيفة مع الألوفيرا ومستخلص الخيار للتبريد والانتعاش.

{يناسب}
جميع أنواع البشرة، وخصوصًا البشرة الدهنية والمعرّضة لحب الشباب.`,
    howToUse: `1. Apply evenly to the face, neck and arms every morning.
2. Let it dry for a minute; it leaves no residue.
3. Reapply every two hours during long sun exposure.`,
    howToUseAr: `1. وزّعيه بالتساوي على الوجه والرقبة والذراعين كل صباح.
2. اتركيه يجفّ لمدة دقيقة، فهو لا يترك أي بقايا.
3. أعيدي وضعه كل ساعتين عند التعرّض الطويل للشمس.`,
    images: [
      "/images/products/invisible-sun-gel-1.svg",
      "/images/products/invisible-sun-gel-2.svg",
    ],
    imageAlts: [
      { en: "Invisible Sun Gel SPF\u00A060 in a sky-blue tube", ar: "جل الحماية الشفاف SPF\u00A060 في أنبوب أزرق سماوي" },
      { en: "The blue tube with a drop of clear gel", ar: "الأنبوب الأزرق مع قطرة من الجل الشفاف" },
    ],
    featured: false,
    gtin: "9526543000075",
  },
  {
    id: "6aab3b0e-8690-46fa-8ad2-56c0545fa72e",
    name: "Even Tone Underarm Cream",
    nameAr: "كريم توحيد لون الإبط",
    category: "under-arms",
    description: `A soothing cream made for the delicate underarm area. With regular use it helps fade the darkening caused by shaving, friction and deodorants, and leaves the skin smooth and visibly more even.

{Why you will love it}
It absorbs quickly, does not stain clothes and calms the redness and irritation that often follow hair removal. Results become visible after four weeks of daily use.

{Key ingredients}
Niacinamide and licorice root extract help even out the skin tone, lactic acid gently smooths rough texture, and chamomile calms.

{Suitable for}
All skin types. Do not apply on freshly shaved or irritated skin.`,
    descriptionAr: `كريم مهدّئ مخصّص لمنطقة الإبط الحساسة. يساعد مع الاستخدام المنتظم على تخفيف الاسمرار الناتج عن الحلاقة والاحتكاك ومزيلات العرق، ويترك البشرة ناعمة وأكثر توحّدًا بشكل ملحوظ.

{لماذا ستحبينه}
يُمتصّ بسرعة ولا يترك بقعًا على الملابس، ويهدّئ الاحمرار والتهيّج اللذين يعقبان إزالة الشعر غالبًا. تظهر النتائج بعد أربعة أسابيع من الاستخدام اليومي.

{المكوّنات الأساسية}
النياسيناميد ومستخلص جذر العرقسوس يساعدان على توحيد لون البشرة، وحمض اللاكتيك ينعّم الملمس الخشن برفق، والبابونج يهدّئ.

{يناسب}
جميع أنواع البشرة. لا يُستخدم مباشرةً بعد الحلاقة أو على بشرة متهيّجة.`,
    howToUse: `1. Wash and dry the underarm area.
2. Apply a thin layer once a day, preferably in the evening.
3. Let it absorb for two minutes before dressing or applying deodorant.
4. Wait 24 hours after shaving or waxing before use.`,
    howToUseAr: `1. اغسلي منطقة الإبط وجفّفيها.
2. ضعي طبقة رقيقة مرة واحدة يوميًا، ويُفضّل في المساء.
3. اتركيه يُمتص لمدة دقيقتين قبل ارتداء الملابس أو وضع مزيل العرق.
4. انتظري 24 ساعة بعد الحلاقة أو إزالة الشعر بالشمع قبل استخدامه.`,
    images: [
      "/images/products/underarm-cream-1.svg",
      "/images/products/underarm-cream-2.svg",
      "/images/products/underarm-cream-3.svg",
    ],
    imageAlts: [
      { en: "Even Tone Underarm Cream in a lilac tube", ar: "كريم توحيد لون الإبط في أنبوب ليلكي" },
      { en: "The lilac tube with chamomile flowers", ar: "الأنبوب الليلكي مع زهور البابونج" },
      { en: "A soft stroke of the cream texture", ar: "لمسة ناعمة من قوام الكريم" },
    ],
    featured: false,
    gtin: "9526543000082",
  },
  {
    id: "2e21c31c-9462-4ac4-9035-c8d09407c007",
    name: "Silk Touch Body Lotion",
    nameAr: "لوشن سيلك تاتش للجسم",
    category: "body",
    description: `A silky daily body lotion that hydrates from shoulders to feet in a few seconds. Its fresh, fluid texture spreads easily, absorbs at once and lets you dress straight away.

{Why you will love it}
Skin feels soft and smooth all day long, with a soft glow and a light, clean scent of white musk.

{Key ingredients}
Glycerin and hyaluronic acid for hydration, argan oil for suppleness, and vitamin B5 to keep the skin comfortable.

{Suitable for}
All skin types, for daily use after the shower.`,
    descriptionAr: `لوشن يومي حريري للجسم يرطّب البشرة من الكتفين حتى القدمين في ثوانٍ. قوامه السائل المنعش يُفرد بسهولة ويُمتص فورًا، فيمكنكِ ارتداء ملابسك مباشرة.

{لماذا ستحبينه}
تبقى البشرة ناعمة وملساء طوال اليوم، مع إشراقة خفيفة ورائحة مسك أبيض نظيفة ولطيفة.

{المكوّنات الأساسية}
الجلسرين وحمض الهيالورونيك للترطيب، وزيت الأرغان للمرونة، وفيتامين B5 للحفاظ على راحة البشرة.

{يناسب}
جميع أنواع البشرة، للاستخدام اليومي بعد الاستحمام.`,
    howToUse: `1. After the shower, pat your skin until it is slightly damp.
2. Pump two or three doses into your palm.
3. Massage all over the body until fully absorbed, paying extra attention to dry areas.`,
    howToUseAr: `1. بعد الاستحمام، جفّفي بشرتك بالتربيت حتى تبقى رطبة قليلًا.
2. اضغطي على المضخة مرتين أو ثلاثًا في راحة يدك.
3. دلّكي الجسم كله حتى يُمتص اللوشن تمامًا، مع التركيز على المناطق الجافة.`,
    images: [
      "/images/products/silk-body-lotion-1.svg",
      "/images/products/silk-body-lotion-2.svg",
      "/images/products/silk-body-lotion-3.svg",
    ],
    imageAlts: [
      { en: "Silk Touch Body Lotion in a tall pump bottle", ar: "لوشن سيلك تاتش للجسم في عبوة طويلة بمضخة" },
      { en: "The pump bottle beside a folded towel and argan leaves", ar: "عبوة المضخة بجانب منشفة مطوية وأوراق الأرغان" },
      { en: "A ribbon of silky lotion", ar: "شريط من اللوشن الحريري" },
    ],
    featured: false,
    gtin: "9526543000099",
  },
  {
    id: "eb61e7f6-2695-4120-be2a-910658e73e96",
    name: "Honey & Glycerin Body Soap",
    nameAr: "صابون العسل والجلسرين للجسم",
    category: "body",
    description: `A translucent golden soap bar for body and hands, made with honey and a high proportion of glycerin. It cleanses with a rich, gentle foam and leaves the skin soft instead of dry.

{Why you will love it}
A warm, comforting honey scent turns every shower into a small ritual. The bar lasts long and rinses off without residue.

{Key ingredients}
Honey, known for its soothing and moisturising properties, vegetable glycerin to hold water in the skin, and coconut-derived cleansers.

{Suitable for}
Normal to dry skin, for the whole family.`,
    descriptionAr: `قالب صابون ذهبي شفاف للجسم واليدين، مصنوع من العسل ونسبة عالية من الجلسرين. ينظّف برغوة غنية ولطيفة ويترك البشرة ناعمة بدلًا من أن يجفّفها.

{لماذا ستحبينه}
رائحة العسل الدافئة المريحة تجعل من كل حمّام طقسًا صغيرًا للاسترخاء. يدوم القالب طويلًا ويُشطف دون أن يترك أثرًا.

{المكوّنات الأساسية}
العسل المعروف بخصائصه المهدّئة والمرطّبة، والجلسرين النباتي الذي يحبس الماء في البشرة، ومنظّفات مستخلصة من جوز الهند.

{يناسب}
البشرة العادية إلى الجافة، لكل أفراد العائلة.`,
    howToUse: null,
    howToUseAr: null,
    images: [
      "/images/products/honey-soap-1.svg",
      "/images/products/honey-soap-2.svg",
    ],
    imageAlts: [
      { en: "Honey & Glycerin Body Soap, a translucent golden bar", ar: "صابون العسل والجلسرين للجسم، قالب ذهبي شفاف" },
      { en: "Two golden soap bars with a honey dipper", ar: "قالبا صابون ذهبيان مع ملعقة عسل خشبية" },
    ],
    featured: false,
    gtin: "9526543000105",
  },
  {
    id: "ddf39c84-7f56-48b4-8a4b-5b29f6f06255",
    name: "Cocoa Butter Body Cream",
    nameAr: "كريم زبدة الكاكاو للجسم",
    category: "body",
    description: `An intensely nourishing body cream for very dry, rough or stretch-mark-prone skin. Its melting texture turns into a comforting veil that restores softness and elasticity night after night.

{Why you will love it}
Rough areas feel smoother from the first application and the skin looks more supple and even over time. The warm cocoa scent is subtle and fades softly.

{Key ingredients}
Pure cocoa butter and shea butter nourish deeply, vitamin E protects, and centella asiatica supports skin elasticity.

{Suitable for}
Dry to very dry skin, and skin going through changes such as weight changes or pregnancy.`,
    descriptionAr: `كريم جسم مغذٍّ بعمق للبشرة شديدة الجفاف أو الخشنة والبشرة المعرّضة لعلامات التمدّد. يتحوّل قوامه الذائب إلى غلالة مريحة تعيد إلى البشرة نعومتها ومرونتها ليلة بعد ليلة.

{لماذا ستحبينه}
تصبح المناطق الخشنة أنعم من أول استخدام، وتبدو البشرة مع الوقت أكثر مرونة وتجانسًا. رائحة الكاكاو الدافئة خفيفة وتتلاشى بلطف.

{المكوّنات الأساسية}
زبدة الكاكاو النقية وزبدة الشيا تغذّيان بعمق، وفيتامين E يحمي، وعشبة السنتيلا الآسيوية تدعم مرونة البشرة.

{يناسب}
البشرة الجافة إلى شديدة الجفاف، والبشرة التي تمرّ بتغيّرات مثل تغيّر الوزن أو الحمل.`,
    howToUse: `1. Take a walnut-sized amount and warm it between your palms.
2. Massage into the skin with slow circular movements until absorbed.
3. Use every evening, focusing on the stomach, hips, thighs, elbows and knees.`,
    howToUseAr: `1. خذي كمية بحجم حبة الجوز ودفّئيها بين راحتي يديك.
2. دلّكي بها البشرة بحركات دائرية بطيئة حتى تُمتص.
3. استخدميه كل مساء مع التركيز على البطن والوركين والفخذين والمرفقين والركبتين.`,
    images: [
      "/images/products/cocoa-body-cream-1.svg",
      "/images/products/cocoa-body-cream-2.svg",
    ],
    imageAlts: [
      { en: "Cocoa Butter Body Cream in a brown jar", ar: "كريم زبدة الكاكاو للجسم في علبة بنية" },
      { en: "The open jar with cocoa beans", ar: "العلبة مفتوحة مع حبوب الكاكاو" },
    ],
    featured: false,
    gtin: "9526543000112",
  },
  {
    id: "09fa3fb2-f47e-40d1-b591-11beab94b7f5",
    name: "Instant White Glow Cream",
    nameAr: "كريم إنستانت وايت للإشراقة",
    category: "instant-white",
    description: `A radiance cream that brightens the look of the skin the moment it is applied. Light-reflecting pearls blur small imperfections and give a luminous, fresh complexion, while brightening actives work over time for a more even tone.

{Why you will love it}
An instant glow from the first use, with no heavy or chalky feel. Use it alone for a natural radiance or under make-up as a luminous base.

{Key ingredients}
Mother-of-pearl powder for the instant glow, vitamin C and niacinamide to help fade dullness and dark spots, and hyaluronic acid to keep the skin plump.

{Suitable for}
All skin types, especially dull or uneven skin. Always use sun protection during the day.`,
    descriptionAr: `كريم إشراقة يضيء مظهر البشرة لحظة وضعه. تخفي لآلئه العاكسة للضوء العيوب الصغيرة وتمنح البشرة مظهرًا نضرًا ومتألقًا، بينما تعمل المكوّنات المفتّحة مع الوقت على توحيد لونها.

{لماذا ستحبينه}
إشراقة فورية من أول استخدام، دون أي إحساس بالثقل أو أثر طباشيري. استخدميه وحده لإشراقة طبيعية، أو تحت المكياج كقاعدة مضيئة.

{المكوّنات الأساسية}
مسحوق عرق اللؤلؤ لإشراقة فورية، وفيتامين C والنياسيناميد للمساعدة على التخلّص من الشحوب والبقع الداكنة، وحمض الهيالورونيك ليحافظ على امتلاء البشرة.

{يناسب}
جميع أنواع البشرة، وخصوصًا الباهتة أو غير الموحّدة اللون. احرصي دائمًا على استخدام واقي الشمس في النهار.`,
    howToUse: `1. Apply a small amount to clean, moisturised skin.
2. Dot it on the forehead, cheeks, nose and chin, then blend outwards.
3. Use in the morning followed by sunscreen, or alone for an evening glow.`,
    howToUseAr: `1. ضعي كمية صغيرة على بشرة نظيفة ومرطّبة.
2. وزّعيها نقاطًا على الجبين والخدين والأنف والذقن، ثم مُدّيها نحو الخارج.
3. استخدميه صباحًا مع واقي الشمس بعده، أو وحده لإشراقة مسائية.`,
    images: [
      "/images/products/instant-white-cream-1.svg",
      "/images/products/instant-white-cream-2.svg",
      "/images/products/instant-white-cream-3.svg",
    ],
    imageAlts: [
      { en: "Instant White Glow Cream in a pearly white jar", ar: "كريم إنستانت وايت للإشراقة في علبة بيضاء لؤلؤية" },
      { en: "The pearly jar surrounded by soft light and pearls", ar: "العلبة اللؤلؤية يحيط بها ضوء ناعم ولآلئ" },
      { en: "A shimmering swirl of the glow cream", ar: "لمسة متلألئة من كريم الإشراقة" },
    ],
    featured: false,
    gtin: "9526543000129",
  },
];
