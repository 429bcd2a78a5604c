import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { render, toPlainText } from "@react-email/render";
import { createElement as h, type CSSProperties, type ReactElement, type ReactNode } from "react";
import { brand, env } from "~/platform/lib/env.server";
import { fixedT } from "~/platform/i18n/i18n.server";
import { formatDateTime } from "~/platform/i18n/format";
import { dirOf, type Language } from "~/platform/i18n/languages";
import { ownDirection } from "~/platform/lib/bidi";

/**
 * The mails' markup (decision 161): React Email components rendered on the server to an HTML part
 * and a text part. Written without JSX on purpose: the layout is imported by other features' mail
 * templates, and a feature may not import another feature's `*.tsx` (eslint.config.js).
 *
 * Rules every mail keeps: every link is absolute to SITE_URL (`siteLink`); no verification code,
 * PIN or password ever goes into a mail's headers or body.
 */

/** An absolute link to a path of the site (`/admin/…` → `https://brand.example/admin/…`). */
export function siteLink(path: string): string {
  if (!path.startsWith("/")) throw new Error(`siteLink takes a path starting with "/", not ${path}`);
  return `${env().SITE_URL}${path}`;
}

const font = "-apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', Tahoma, Arial, sans-serif";
const styles = {
  body: { backgroundColor: "#f6f3ef", fontFamily: font, margin: 0, padding: "24px 0" },
  container: { backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", margin: "0 auto", padding: "24px 32px" },
  brand: { fontSize: "20px", fontWeight: 700, color: "#3b2f2a", margin: "0 0 16px" },
  footer: { fontSize: "12px", lineHeight: "18px", color: "#7a6f68", margin: "4px 0" },
  link: { color: "#8a5a44" },
} satisfies Record<string, CSSProperties>;

/** A paragraph of a mail's body. */
export const mailText = { fontSize: "15px", lineHeight: "22px", color: "#3b2f2a", margin: "0 0 14px" } satisfies CSSProperties;
/** A mail's main action, a link drawn as a button (its URL is also written out below it for the text part). */
export const mailButton = {
  display: "inline-block",
  backgroundColor: "#3b2f2a",
  color: "#ffffff",
  borderRadius: "6px",
  padding: "12px 20px",
  fontSize: "15px",
  textDecoration: "none",
} satisfies CSSProperties;

export type MailLayoutProps = {
  lang: Language;
  /** The line a mail client shows beside the subject. */
  preview?: string;
  children?: ReactNode;
  /** Below the body, above the brand's footer: an unsubscribe link, for mails that have one. */
  footer?: ReactNode;
};

/** Every mail's frame: the brand's name, the language and its direction (`dir="rtl"` in Arabic), a footer. */
export function MailLayout({ lang, preview, children, footer }: MailLayoutProps): ReactElement {
  const t = fixedT(lang, "mail");
  const b = brand();
  const name = lang === "ar" ? b.nameAr : b.name;
  const dir = dirOf(lang);
  return h(
    Html,
    { lang, dir },
    h(Head, null),
    preview ? h(Preview, null, preview) : null,
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: { ...styles.container, direction: dir, textAlign: dir === "rtl" ? "right" : "left" } },
        h(Text, { style: styles.brand }, name),
        h(Section, null, children),
        h(Hr, null),
        footer ? h(Section, null, footer) : null,
        h(Text, { style: styles.footer }, t("layout.automatic", { brand: name })),
        h(Text, { style: styles.footer }, h(Link, { href: siteLink("/"), style: styles.link }, t("layout.site", { brand: name }))),
      ),
    ),
  );
}

const RLM = "\u200f";

/**
 * A mail's two parts from its element (a template on `MailLayout`). The text part is the HTML's
 * text with each link written out; in Arabic each line starts with a right-to-left mark, so a line
 * that begins with a link, a number or a Latin name still reads right to left.
 */
export async function renderMail(element: ReactElement, lang: Language): Promise<{ html: string; text: string }> {
  const html = await render(element);
  const plain = toPlainText(html).trim();
  const text = lang === "ar" ? plain.split("\n").map((line) => (line.trim() ? `${RLM}${line}` : line)).join("\n") : plain;
  return { html, text };
}

/** The brand's name in a language. */
export function brandName(lang: Language): string {
  return lang === "ar" ? brand().nameAr : brand().name;
}

/** A moment in a mail: the language's long date and time in UTC, keeping its own direction. */
export function mailDate(at: Date, lang: Language): string {
  return ownDirection(formatDateTime(at.toISOString(), lang, { timeZone: "UTC" }));
}

type LinkMail = { to: string; lang: Language; subject: string; preview: string; before: string[]; action: { label: string; url: string }; fallback: string; after: string[] };

/**
 * A mail whose point is one link (an invitation, a password reset): paragraphs, the link as a button,
 * the address written out for clients that draw no button, then the closing paragraphs.
 */
export async function linkMail({ to, lang, subject, preview, before, action, fallback, after }: LinkMail): Promise<{ to: string; subject: string; html: string; text: string }> {
  const paragraph = (text: string, i: number) => h(Text, { key: i, style: mailText }, text);
  const element = h(
    MailLayout,
    { lang, preview },
    ...before.map(paragraph),
    h(Button, { href: action.url, style: mailButton }, action.label),
    h(Text, { style: mailText }, fallback, " ", h(Link, { href: action.url }, action.url)),
    ...after.map(paragraph),
  );
  return { to, subject, ...(await renderMail(element, lang)) };
}
