import type { AccountMailRequestsTable } from "@db/schema";
import type { Language } from "~/platform/i18n/languages";
import { deliverDue, startSweep, stopSweep, type Channel, type DeliveryOptions, type Outcome, type OutboxRow } from "~/platform/outbox/outbox.server";
import { sendResetLink } from "./password-reset.server";
import { sendSignInLink } from "./sign-in-link.server";

/**
 * The account mails' queue as a channel of the outbox (decision 159): every serving process's loop
 * takes the due requests (a lease each, so one process does each), every 15 s, never inside a request
 * (issue 42, N3: the work of a request for a real member's mail must not delay the next request on its
 * connection, nor answer any later than a request for a name that matches no one). A request done is
 * emptied of what was typed; one that fails is tried again with backoff.
 */
type RequestRow = OutboxRow & Pick<AccountMailRequestsTable, "kind" | "identifier" | "client_hash" | "lang">;

const WORK = { password_reset: sendResetLink, sign_in_link: sendSignInLink } as const;

const channel: Channel<RequestRow> = {
  name: "account-mail",
  table: "account_mail_requests",
  maxAttempts: 5,
  baseDelayMs: 10_000,
  enabled: () => true,
  async send(row) {
    try {
      await WORK[row.kind]({ identifier: row.identifier, clientHash: row.client_hash, lang: (row.lang === "ar" ? "ar" : "en") satisfies Language });
      return { ok: true, status: null, error: null, fields: { identifier: "" } };
    } catch (error) {
      return { ok: false, status: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 200) };
    }
  },
};

/** Does every due request now (the loop's work; tests call it instead of waiting for the loop). */
export function deliverAccountMail(options: DeliveryOptions = {}): Promise<Outcome[]> {
  return deliverDue(channel, options);
}

/** Every 15 s this process does the requests that have become due. */
export function startAccountMailSweep(): void {
  startSweep(channel);
}

export function stopAccountMailSweep(): void {
  stopSweep(channel);
}
