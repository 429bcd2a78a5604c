import { errorCatalogue } from "~/platform/lib/errors";

/** What can go wrong when an owner manages webhook endpoints: the same status and message on the screen and in the API. */
export const webhookErrors = errorCatalogue("webhooks", {
  not_found: { status: 404, message: "errors.notFound" },
  delivery_not_found: { status: 404, message: "errors.deliveryNotFound", code: "not_found" },
  url_invalid: { status: 400, message: "errors.urlInvalid", code: "invalid_url" },
  url_scheme: { status: 400, message: "errors.urlScheme", code: "unsafe_url" },
  url_unresolved: { status: 400, message: "errors.urlUnresolved", code: "unsafe_url" },
  url_private: { status: 400, message: "errors.urlPrivate", code: "unsafe_url" },
});

export type WebhookError = keyof typeof webhookErrors.errors;
