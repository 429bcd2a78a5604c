import { requireApiActor } from "~/features/sessions/guard.server";
import { revokeKey } from "~/features/keys/api-keys.server";
import { keyErrors } from "~/features/keys/errors";
import { keyListJson } from "~/features/keys/json";
import { apiFailure, apiRoute } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { keyListJsonSchema } from "~/features/keys/json";

const contract = {
  POST: { permission: "keys:manage", tag: "API keys", summary: "Revoke an API key", answers: [ok(z.object({ key: keyListJsonSchema }), "The key, revoked.")], errors: [404, 409] },
} satisfies ApiContract;

/** POST /api/v1/keys/{id}/revoke/ (owner, never a key) → `data: {key}`; 404 unknown, 409 already revoked. */
const route = apiRoute(contract, {
  POST: async (args) => {
    const by = await requireApiActor(args);
    const result = await revokeKey(by, args.params.keyId ?? "");
    if (!result.ok) return apiFailure(args.context, keyErrors, result);
    return apiOk({ key: keyListJson(result.value) }, requestT(args.context, "keys")("api.revoked"));
  },
});

export const loader = route.loader;
export const action = route.action;
