import { fixedT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { ltr } from "~/platform/lib/bidi";
import type { OutgoingMail } from "~/platform/mail/mail.server";
import { brandName, linkMail, mailDate } from "~/platform/mail/render.server";

/**
 * A mail with one link for a staff member, its words from the "mail" dictionary's section: "Forgot
 * your password?" (`reset`, decision 161: the single-use link and until when it works; never a
 * password) and a sign-in link for a new browser (`signInLink`, decision 171).
 */
export function accountLinkMail(
  section: "reset" | "signInLink",
  { to, username, url, expiresAt, lang }: { to: string; username: string; url: string; expiresAt: Date; lang: Language },
): Promise<OutgoingMail> {
  const t = fixedT(lang, "mail");
  const brand = brandName(lang);
  return linkMail({
    to,
    lang,
    subject: t(`${section}.subject`, { brand }),
    preview: t(`${section}.preview`),
    before: [t(`${section}.greeting`, { username: ltr(username) }), t(`${section}.body`, { brand })],
    action: { label: t(`${section}.action`), url },
    fallback: t(`${section}.fallback`),
    after: [t(`${section}.expires`, { date: mailDate(expiresAt, lang) }), t(`${section}.ignore`)],
  });
}
