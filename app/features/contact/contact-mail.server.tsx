import { Button } from "@react-email/button";
import { Text } from "@react-email/text";
import type { Contact } from "@db/schema";
import { fixedT } from "~/platform/i18n/i18n.server";
import { defaultLanguage, type Language } from "~/platform/i18n/languages";
import { ltr, ownDirection } from "~/platform/lib/bidi";
import type { OutgoingMail } from "~/platform/mail/mail.server";
import { MailLayout, mailButton, mailText, renderMail, siteLink } from "~/platform/mail/render.server";

/** The notice of a new contact message to CONTACT_NOTIFY_EMAIL (decision 161): who, their number, the message, a link to the list. */
export async function contactNoticeMail(to: string, contact: Contact, lang: Language = defaultLanguage): Promise<OutgoingMail> {
  const t = fixedT(lang, "mail");
  const element = (
    <MailLayout lang={lang} preview={t("contact.preview")}>
      <Text style={mailText}>{t("contact.intro")}</Text>
      <Text style={mailText}>{t("contact.name", { name: ownDirection(contact.name) })}</Text>
      <Text style={mailText}>{t("contact.phone", { phone: ltr(contact.phone_number) })}</Text>
      <Text style={{ ...mailText, whiteSpace: "pre-wrap", borderInlineStart: "3px solid #d9cfc7", paddingInlineStart: "12px" }} dir="auto">
        {contact.message}
      </Text>
      <Button href={siteLink("/admin/dashboard/contacts")} style={mailButton}>
        {t("contact.action")}
      </Button>
    </MailLayout>
  );
  return { to, subject: t("contact.subject", { name: contact.name.replace(/[\r\n]+/g, " ").slice(0, 80) }), ...(await renderMail(element, lang)) };
}
