import { requireApiActor } from "~/auth/guard.server";
import { revokeKey } from "~/auth/keys/api-keys.server";
import { keyErrors } from "~/auth/keys/errors";
import { keyListJson } from "~/auth/keys/json";
import { apiFailure, apiRoute } from "~/http/api.server";
import { apiOk } from "~/http/envelope.server";
import { requestT } from "~/i18n/i18n.server";

/** POST /api/v1/keys/{id}/revoke/ (owner, never a key) → `data: {key}`; 404 unknown, 409 already revoked. */
const route = apiRoute({
  POST: async (args) => {
    const by = await requireApiActor(args);
    const result = await revokeKey(by, args.params.keyId ?? "");
    if (!result.ok) return apiFailure(args.context, keyErrors, result);
    return apiOk({ key: keyListJson(result.value) }, requestT(args.context, "keys")("api.revoked"));
  },
});

export const loader = route.loader;
export const action = route.action;
