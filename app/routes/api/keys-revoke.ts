import { requireApiActor } from "~/auth/guard.server";
import { revokeKey } from "~/auth/keys/api-keys.server";
import { keyErrors } from "~/auth/keys/errors";
import { keyListJson } from "~/auth/keys/json";
import { apiFailure, apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";
import { ok, type ApiContract } from "~/openapi/contract";
import { z } from "~/lib/zod";
import { keyListJsonSchema } from "~/auth/keys/json";

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
