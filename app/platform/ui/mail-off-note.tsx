import type { ReactNode } from "react";

/**
 * "E-mail is not configured": shown wherever a feature mails (invitations, password resets, notices,
 * recall mails, contact notices) while the site writes mail as files instead of sending it
 * (no `SMTP_URL`), so nothing is silently dropped. One look for all of them; the text says what
 * happens to that feature's mail.
 */
export function MailOffNote({
  children,
  className = "mt-2",
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p
      role="note"
      className={`${className} rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950`}
      data-testid="mail-off"
    >
      {children}
    </p>
  );
}
