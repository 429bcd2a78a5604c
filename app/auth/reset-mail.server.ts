import { fixedT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { ltr } from "~/lib/bidi";
import type { OutgoingMail } from "~/mail/mail.server";
import { brandName, linkMail, mailDate } from "~/mail/render.server";

/** The "Forgot your password?" mail (decision 161): the single-use link and until when it works. Never a password. */
export function resetMail({ to, username, url, expiresAt, lang }: { to: string; username: string; url: string; expiresAt: Date; lang: Language }): Promise<OutgoingMail> {
  const t = fixedT(lang, "mail");
  const brand = brandName(lang);
  return linkMail({
    to,
    lang,
    subject: t("reset.subject", { brand }),
    preview: t("reset.preview"),
    before: [t("reset.greeting", { username: ltr(username) }), t("reset.body", { brand })],
    action: { label: t("reset.action"), url },
    fallback: t("reset.fallback"),
    after: [t("reset.expires", { date: mailDate(expiresAt, lang) }), t("reset.ignore")],
  });
}
