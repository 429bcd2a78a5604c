import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ChatIcon } from "./icons";

/**
 * Round contact button fixed to the bottom end corner (bottom-right in LTR, bottom-left in RTL).
 * Hidden on the contact page itself; the footer leaves room for it on phones.
 */
export function FloatingContact() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname === "/contact") return null;
  return (
    <Link
      to="/contact"
      aria-label={t("floatingContact")}
      title={t("floatingContact")}
      data-testid="floating-contact"
      style={{ marginBottom: "env(safe-area-inset-bottom)" }}
      className="fixed end-4 bottom-4 z-30 flex size-14 items-center justify-center rounded-full bg-accent-700 text-white shadow-[0_10px_30px_-8px_rgb(37_69_53/0.6)] ring-4 ring-white/70 transition hover:bg-accent-800 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-700 sm:end-6 sm:bottom-6"
    >
      <ChatIcon className="size-6" />
    </Link>
  );
}
