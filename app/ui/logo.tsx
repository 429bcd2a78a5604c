import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import { useBrandName } from "~/root-data";

/** The brand's mark: a crescent inside a ring (Lunara, from luna). Never mirrored. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="14.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M19.5 7.5a9 9 0 1 0 0 17 7.2 7.2 0 0 1 0-17Z" fill="currentColor" />
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
      className={`inline-flex items-center gap-2.5 rounded-md text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-700 ${className}`}
    >
      <LogoMark className="size-8 shrink-0 text-accent-700" />
      <span className="text-xl font-semibold tracking-[0.18em] uppercase [:lang(ar)_&]:tracking-normal">{name}</span>
    </Link>
  );
}
