import { requireApiActor } from "~/features/sessions/guard.server";
import { createKey } from "~/features/keys/api-keys.server";
import { keyJson } from "~/features/keys/json";
import { createKeySchema } from "~/features/keys/schemas";
import { apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { keyJsonSchema } from "~/features/keys/json";

const contract = {
  POST: {
    permission: "keys:manage",
    tag: "API keys",
    summary: "Create an API key",
    description: "The secret (`lk_…`) is in this answer only.",
    body: (t) => createKeySchema(t("keys")),
    answers: [ok(z.object({ key: keyJsonSchema, secret: z.string() }), "The key and its secret, shown once.", 201)],
    errors: [400],
  },
} satisfies ApiContract;

/**
 * POST /api/v1/keys/create/ `{name, scopes, expires_at?}` (owner, never a key) → 201 `data: {key, secret}`:
 * the secret (`lk_…`) is in this answer only. 400 for a missing name, no or unknown scopes, an expiry
 * that is not a future date.
 */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const t = requestT(args.context, "keys");
    const input = await readBody(args, createKeySchema(t));
    const made = await createKey(by, { name: input.name, scopes: input.scopes, expiresAt: input.expires_at });
    return apiOk({ key: keyJson(made.key), secret: made.secret }, t("api.created"), { status: 201 });
  },
});

export const loader = route.loader;
export const action = route.action;
