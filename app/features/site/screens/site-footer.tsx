import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Language } from "~/platform/i18n/languages";
import type { Bundles } from "~/platform/i18n/resources";
import { useBundles } from "~/platform/i18n/use-bundles";
import { useBrandName, useRootData } from "~/platform/ui/root-data";
import { FacebookIcon, InstagramIcon, MailIcon, TwitterIcon } from "~/platform/ui/icons";
import { Logo } from "~/platform/ui/logo";
import { Island, useRenderedOnly } from "~/platform/ui/static-island";

const linkClass = "footer-link";

const headingClass = "footer-heading";

/** A category link of the footer: its URL name and its title in each language. */
export type FooterCategory = { name: string; title: Record<Language, string> };

/** The footer's words, from the public layout's loader: `null` in a document's hydration data. */
export type FooterContent = { language: Language; bundles: Bundles };

/**
 * The public footer: a static island (decision 141). The server renders it; a hydrating browser
 * keeps that markup (and remembers it for the error boundary's frame), and renders it itself only
 * when the layout's loader sent its words.
 */
export function SiteFooter({ categories, content: fromLoader }: { categories: readonly FooterCategory[]; content: FooterContent | null }) {
  const { t } = useTranslation();
  const root = useRootData();
  const language = root?.language ?? "en";
  const content = useRenderedOnly("footer", fromLoader);
  useBundles(content?.language ?? language, content?.bundles);
  const brandName = useBrandName();
  const email = root?.brand.email ?? "";
  const social = root
    ? ([
        { href: root.brand.social.instagram, label: t("footer.instagram", { brand: brandName }), Icon: InstagramIcon },
        { href: root.brand.social.facebook, label: t("footer.facebook", { brand: brandName }), Icon: FacebookIcon },
        { href: root.brand.social.twitter, label: t("footer.twitter", { brand: brandName }), Icon: TwitterIcon },
      ] as const)
    : [];

  return (
    <Island
      as="footer"
      content={content}
      remember="footer"
      data-testid="site-footer"
      className="site-footer"
    >
      {() => (
        <>
          <div className="footer-grid">
            <div className="max-w-sm">
              <Logo />
              <p className="footer-tagline">{t("brandTagline")}</p>
              <a
                href={`mailto:${email}`}
                data-testid="footer-email"
                className={`mt-5 inline-flex items-center gap-2 ${linkClass}`}
              >
                <MailIcon className="size-5 shrink-0 text-accent-700" />
                <span className="sr-only">{t("footer.email")}: </span>
                <span dir="ltr" className="ltr-token">
                  {email}
                </span>
              </a>
            </div>

            <nav aria-labelledby="footer-categories">
              <h2 id="footer-categories" className={headingClass}>
                {t("footer.categories")}
              </h2>
              <ul className="footer-categories">
                {categories.map((category) => (
                  <li key={category.name}>
                    <Link to={`/products/${category.name}`} className={linkClass}>
                      {category.title[language]}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>

            <SocialLinks links={social} />
          </div>

          <FooterBottom brandName={brandName} />
        </>
      )}
    </Island>
  );
}

type SocialLink = { href: string; label: string; Icon: ComponentType<{ className?: string }> };

/** The "follow us" column: one icon link per social network, opening in a new tab. */
function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const { t } = useTranslation();
  return (
    <div>
      <h2 id="footer-follow" className={headingClass}>
        {t("footer.follow")}
      </h2>
      <ul className="mt-4 flex gap-3">
        {links.map(({ href, label, Icon }) => (
          <li key={href}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${label} ${t("footer.newTab")}`}
              title={label}
              className="social-link"
            >
              <Icon className="size-5" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The footer's last row: the copyright line and the legal links. pe-24 leaves the bottom end corner to the floating contact button. */
function FooterBottom({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="footer-bottom">
      <p className="text-ink-700" data-testid="footer-copyright">
        {t("footer.rights", { year, brand: brandName })}
      </p>
      <nav aria-label={t("footer.legal")}>
        <ul className="flex flex-wrap gap-x-6 gap-y-2">
          <li>
            <Link to="/privacy" className={linkClass}>
              {t("footer.privacy")}
            </Link>
          </li>
          <li>
            <Link to="/terms" className={linkClass}>
              {t("footer.terms")}
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
