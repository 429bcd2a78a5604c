import { kickMail } from "~/platform/mail/mail.server";
import { queueConfirmation } from "./mails.server";
import { createRegistration } from "./registrations.server";
import type { RegistrationInput } from "./schemas";

/**
 * A shopper's sign-up, as the page and the API make it: stored (or a pending one renewed) with its
 * confirmation mail queued in the same transaction, then the sender kicked.
 */
export async function registerBuyer(request: { input: RegistrationInput; clientHash: string; now?: Date }) {
  const created = await createRegistration(request, queueConfirmation);
  if (created.ok && created.value.confirmToken) kickMail();
  return created;
}
