import type { Role } from "~/platform/access/permissions";
import { fixedT } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { ltr } from "~/platform/lib/bidi";
import type { OutgoingMail } from "~/platform/mail/mail.server";
import { brandName, linkMail, mailDate } from "~/platform/mail/render.server";

type Invitation = { to: string; username: string; role: Role; url: string; expiresAt: Date; lang: Language };

/**
 * The invitation mail (decision 161): the member's username, role and one-time link (absolute to
 * SITE_URL, made by createInvitation), and until when it works, in the inviting owner's language.
 * Never a password.
 */
export function invitationMail({ to, username, role, url, expiresAt, lang }: Invitation): Promise<OutgoingMail> {
  const t = fixedT(lang, "mail");
  const brand = brandName(lang);
  return linkMail({
    to,
    lang,
    subject: t("invitation.subject", { brand }),
    preview: t("invitation.preview"),
    before: [t("invitation.greeting", { username: ltr(username) }), t("invitation.body", { brand, role: fixedT(lang, "admin")(`roles.${role}`) })],
    action: { label: t("invitation.action"), url },
    fallback: t("invitation.fallback"),
    after: [t("invitation.expires", { date: mailDate(expiresAt, lang) }), t("invitation.ignore")],
  });
}
