import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { clientHash } from "~/platform/http/client.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { errorMessage } from "~/platform/lib/errors";
import { formText } from "~/platform/lib/form-text";
import type { AdminIdentity } from "~/platform/access/identity";
import { createKey, revokeKey } from "../api-keys.server";
import { keyErrors } from "../errors";
import { createKeySchema } from "../schemas";

import { KEYS_URL } from "./keys-url";

/** A new key's secret: answered in the page, once, never in a cookie or a URL. */
export type KeyReveal = { name: string; prefix: string; secret: string };

/**
 * The keys screen's actions (owners, by the permission matrix; a key never reaches a page): create a
 * key, answered with its secret in the page itself; revoke one (after its confirmation), redirected
 * back with a toast. Refused input answers the form again.
 */
export async function keysAction(request: Request, context: Readonly<RouterContextProvider>, admin: AdminIdentity) {
  const t = requestT(context, "keys");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const intent = formText(form, "intent");
  const by = { admin, clientHash: clientHash(request) };

  if (intent === "create") {
    const submission = parseWithZod(form, { schema: createKeySchema(t) });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), reveal: null }, { status: 400 });
    const { name, scopes, expires_at } = submission.value;
    const made = await createKey(by, { name, scopes, expiresAt: expires_at });
    const reveal: KeyReveal = { name: made.key.name, prefix: made.key.prefix, secret: made.secret };
    return data({ intent, result: submission.reply({ resetForm: true }), reveal, toast: t("toast.created", { name }) });
  }
  if (intent === "revoke") {
    const outcome = await revokeKey(by, formText(form, "id"));
    if (!outcome.ok) return redirectWithToast(KEYS_URL, { type: "error", title: t("toast.failed"), description: errorMessage(t, keyErrors, outcome.error) });
    return redirectWithToast(KEYS_URL, { type: "success", title: tc("toast.success"), description: t("toast.revoked", { name: outcome.value.name }) });
  }
  return redirectWithToast(KEYS_URL, { type: "error", title: tc("toast.error"), description: t("errors.unknownAction") });
}
