import type en from "../en/catalog";
import type { ArabicOf } from "../plural";

const ar: ArabicOf<typeof en> = {
  metaTitle: "منتجاتنا",
  metaDescription: "تصفّحي جميع منتجات لونارا: كريمات للوجه والجسم وصابون وواقيات شمس ولوشنات، في ست فئات.",
  metaNotFound: "الفئة غير موجودة",
  title: "منتجاتنا",
  subtitle: "كريمات وصابون وواقيات شمس ولوشنات للوجه والجسم، في ست فئات.",
  allProducts: "جميع المنتجات",
  filterLabel: "فئات المنتجات",
  home: "الرئيسية",
  products: "المنتجات",
  unknownCategory: "فئة غير معروفة",
  count_zero: "لا توجد منتجات",
  count_one: "منتج واحد",
  count_two: "منتجان",
  count_few: "{{count}} منتجات",
  count_many: "{{count}} منتجًا",
  count_other: "{{count}} منتج",
  empty: "لا توجد منتجات في هذه الفئة.",
  emptyAction: "عرض جميع المنتجات",
  featured: "مميّز",
  product: {
    galleryLabel: "صور {{name}}",
    tabsLabel: "معلومات المنتج",
    description: "الوصف",
    howToUse: "طريقة الاستخدام",
    category: "الفئة",
    verifyTitle: "اشتريتِ هذا المنتج؟",
    verifyText: "تأكّدي من أصالته بالرمز المطبوع على ملصقه.",
    verifyCta: "تحقّقي من منتجك",
    back: "العودة إلى المنتجات",
  },
  carousel: {
    roledescription: "عرض متتابع",
    slide: "شريحة",
    slideLabel: "{{n}} من {{total}}",
    previous: "الصورة السابقة",
    next: "الصورة التالية",
    goTo: "عرض الصورة {{n}}",
    pause: "إيقاف العرض التلقائي",
    play: "تشغيل العرض التلقائي",
  },
};

export default ar;
