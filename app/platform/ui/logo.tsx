import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useBrandName } from "~/platform/ui/root-data";

/**
 * Mark and name, linking home. The mark (a crescent inside a ring: Lunara, from luna) is drawn by
 * the stylesheet (`.logo-mark` in app.css: BRAND_MARK as a mask in the accent colour), never mirrored.
 */
export function Logo({ className = "", to = "/" }: { className?: string; to?: string }) {
  const { t } = useTranslation();
  const name = useBrandName();
  return (
    <Link
      to={to}
      aria-label={t("logoHome", { brand: name })}
      className={className ? `logo-link ${className}` : "logo-link"}
    >
      <span
        aria-hidden="true"
        className="logo-mark"
      />
      <span className="logo-name">{name}</span>
    </Link>
  );
}
