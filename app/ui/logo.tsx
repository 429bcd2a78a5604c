import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { BRAND_MARK } from "~/lib/brand-mark";
import { useBrandName } from "~/root-data";

/** The brand's mark: a crescent inside a ring (Lunara, from luna), drawn from BRAND_MARK. Never mirrored. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  const { size, ring, crescent } = BRAND_MARK;
  return (
    <svg viewBox={`0 0 ${size} ${size}`} className={className} aria-hidden="true">
      <circle cx={ring.cx} cy={ring.cy} r={ring.r} fill="none" stroke="currentColor" strokeWidth={ring.strokeWidth} />
      <path d={crescent} fill="currentColor" />
    </svg>
  );
}

/** Mark and name, linking home. */
export function Logo({ className = "", to = "/" }: { className?: string; to?: string }) {
  const { t } = useTranslation();
  const name = useBrandName();
  return (
    <Link
      to={to}
      aria-label={t("logoHome", { brand: name })}
      className={`logo-link ${className}`}
    >
      <LogoMark className="size-8 shrink-0 text-accent-700" />
      <span className="logo-name">{name}</span>
    </Link>
  );
}
