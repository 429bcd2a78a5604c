import type { Page } from "@playwright/test";
import { openIn, type Lang } from "./fixtures";

/** Closes any notice dialog that opens on page load (e.g. the fraud warning), so the page can be used. */
export async function closeNotices(page: Page) {
  const dialogs = page.locator("dialog[open]");
  const count = await dialogs.count();
  for (let i = 0; i < count; i++) {
    const button = dialogs.nth(i).getByRole("button").last();
    if (await button.isVisible()) await button.click();
  }
}

/** Opens a path in a language and clears notices. */
export async function visit(page: Page, path: string, lang: Lang) {
  const response = await openIn(page, path, lang);
  await closeNotices(page);
  return response;
}

export const HYDRA = "285972dc-cb3e-4182-9d93-d6fb10bcfbbb"; // face, 3 images, has how-to-use (4 steps)
export const SHEA = "4eb00faa-85fd-44b2-bb83-6d0c367890f8"; // face-and-body, 2 images, no how-to-use

export const text = {
  en: {
    verify: "Verify your product",
    shop: "Browse products",
    all: "All Products",
    sun: "Sun Care",
    face: "Face Care",
    empty: "No products found for this category.",
    breadcrumb: "Breadcrumb",
    description: "Description",
    howToUse: "How to use",
    hydra: "Hydra Calm Face Cream",
    heading: "Why you will love it",
    next: "Next image",
    previous: "Previous image",
  },
  ar: {
    verify: "تحقّقي من منتجك",
    shop: "تصفّحي المنتجات",
    all: "جميع المنتجات",
    sun: "الحماية من الشمس",
    face: "العناية بالوجه",
    empty: "لا توجد منتجات في هذه الفئة.",
    breadcrumb: "مسار التنقل",
    description: "الوصف",
    howToUse: "طريقة الاستخدام",
    hydra: "كريم هايدرا كالم للوجه",
    heading: "لماذا ستحبينه",
    next: "الصورة التالية",
    previous: "الصورة السابقة",
  },
} as const;
