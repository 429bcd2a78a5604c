import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { categories } from "~/platform/catalog/categories";
import { FloatingContact } from "./floating-contact";
import { FraudNotice } from "./fraud-notice";
import { SiteFooter, type FooterContent } from "./site-footer";
import { SiteHeader } from "./site-header";

/**
 * The frame of every public page: skip link, fraud notice, fixed header, main, footer, contact button.
 * `footer` is the footer's words from the public layout's loader (`null` in a document's hydration data, decision 141).
 */
export function PublicShell({ footer, children }: { footer: FooterContent | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="skip-link"
      >
        {t("skipToContent")}
      </a>
      <FraudNotice />
      <SiteHeader />
      {/* pt-header keeps content clear of the fixed header (--spacing-header in app.css). */}
      <main id="main" tabIndex={-1} className="flex-1 pt-header outline-none">
        {children}
      </main>
      <SiteFooter categories={categories} content={footer} />
      <FloatingContact />
    </div>
  );
}
