import { Button, Link, Text } from "@react-email/components";
import { formatDateTime } from "~/i18n/format";
import { fixedT } from "~/i18n/i18n.server";
import type { Language } from "~/i18n/languages";
import { ltr, ownDirection } from "~/lib/bidi";
import { brand } from "~/lib/env.server";
import type { OutgoingMail } from "~/mail/mail.server";
import { MailLayout, mailButton, mailText, renderMail } from "~/mail/render.server";

/** The "Forgot your password?" mail (decision 161): the single-use link and until when it works. Never a password. */
export async function resetMail({ to, username, url, expiresAt, lang }: { to: string; username: string; url: string; expiresAt: Date; lang: Language }): Promise<OutgoingMail> {
  const t = fixedT(lang, "mail");
  const name = lang === "ar" ? brand().nameAr : brand().name;
  const date = ownDirection(formatDateTime(expiresAt.toISOString(), lang, { timeZone: "UTC" }));
  const element = (
    <MailLayout lang={lang} preview={t("reset.preview")}>
      <Text style={mailText}>{t("reset.greeting", { username: ltr(username) })}</Text>
      <Text style={mailText}>{t("reset.body", { brand: name })}</Text>
      <Button href={url} style={mailButton}>
        {t("reset.action")}
      </Button>
      <Text style={mailText}>{t("reset.expires", { date })}</Text>
      <Text style={mailText}>
        {t("reset.fallback")} <Link href={url}>{url}</Link>
      </Text>
      <Text style={mailText}>{t("reset.ignore")}</Text>
    </MailLayout>
  );
  return { to, subject: t("reset.subject", { brand: name }), ...(await renderMail(element, lang)) };
}
