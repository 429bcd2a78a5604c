import { Button, Link, Text } from "@react-email/components";
import type { Role } from "~/auth/permissions";
import { formatDateTime } from "~/i18n/format";
import { fixedT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { ltr, ownDirection } from "~/lib/bidi";
import { brand } from "~/lib/env.server";
import type { OutgoingMail } from "~/mail/mail.server";
import { MailLayout, mailButton, mailText, renderMail } from "~/mail/render.server";

type Invitation = { to: string; username: string; role: Role; url: string; expiresAt: Date; lang: Language };

/**
 * The invitation mail (decision 161): the member's username, role and one-time link (absolute to
 * SITE_URL, made by createInvitation), and until when it works, in the inviting owner's language.
 * Never a password.
 */
export async function invitationMail({ to, username, role, url, expiresAt, lang }: Invitation): Promise<OutgoingMail> {
  const t = fixedT(lang, "mail");
  const name = lang === "ar" ? brand().nameAr : brand().name;
  const date = ownDirection(formatDateTime(expiresAt.toISOString(), lang, { timeZone: "UTC" }));
  const element = (
    <MailLayout lang={lang} preview={t("invitation.preview")}>
      <Text style={mailText}>{t("invitation.greeting", { username: ltr(username) })}</Text>
      <Text style={mailText}>{t("invitation.body", { brand: name, role: fixedT(lang, "admin")(`roles.${role}`) })}</Text>
      <Button href={url} style={mailButton}>
        {t("invitation.action")}
      </Button>
      <Text style={mailText}>{t("invitation.expires", { date })}</Text>
      <Text style={mailText}>
        {t("invitation.fallback")} <Link href={url}>{url}</Link>
      </Text>
      <Text style={mailText}>{t("invitation.ignore")}</Text>
    </MailLayout>
  );
  return { to, subject: t("invitation.subject", { brand: name }), ...(await renderMail(element, lang)) };
}
