import { createRegistration, type Registered } from "./registrations.server";
import type { RegistrationInput } from "./schemas";

/**
 * A shopper's sign-up, as the page and the API make it: stored (or a pending one renewed) with its
 * confirmation mail queued in the same transaction.
 */
export function registerBuyer(request: { input: RegistrationInput; clientHash: string; now?: Date }) {
  return createRegistration(request, queueConfirmation);
}

// Replaced by the mail core's queue once it lands (branch `mail`): the confirmation mail in `lang`.
async function queueConfirmation(_trx: unknown, _registered: Registered): Promise<void> {}
