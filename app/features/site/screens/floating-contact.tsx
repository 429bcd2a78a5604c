import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ChatIcon } from "~/platform/ui/icons";

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
      className="floating-contact"
    >
      <ChatIcon className="size-6" />
    </Link>
  );
}
