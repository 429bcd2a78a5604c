import { useTranslation } from "react-i18next";
import { Link, NavLink, Outlet } from "react-router";

// Placeholder shell: the full header, footer, fraud notice and floating contact button come with the
// public-site work.
export default function PublicLayout() {
  const { t } = useTranslation();
  return (
    <>
      <header className="border-b border-ink-900/10 bg-white">
        <nav aria-label={t("nav.label")} className="mx-auto flex max-w-6xl gap-4 p-4">
          <NavLink to="/">{t("nav.home")}</NavLink>
          <NavLink to="/verify">{t("nav.verify")}</NavLink>
          <NavLink to="/products">{t("nav.products")}</NavLink>
          <NavLink to="/contact">{t("nav.contact")}</NavLink>
          <Link to="?lng=ar" reloadDocument>{t("language.short")}</Link>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
