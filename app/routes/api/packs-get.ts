import { apiFailure, apiRoute, apiTooManyAttempts } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { fail } from "~/platform/lib/result";
import { packErrors } from "~/features/packs/errors";
import { packApiData, packRequest, viewPack } from "~/features/packs/packs.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";
import { packJsonSchema } from "~/features/packs/json";

const contract = {
  GET: {
    tag: "Verification",
    summary: "A pack's public state",
    description: "Consumes nothing; logged as a view (decision 146); a serial we never made is only counted (404). Limited per client as the check is (429 with `Retry-After`).",
    answers: [ok(z.object({ pack: packJsonSchema }), "The pack.")],
    errors: [404],
    limited: true,
  },
} satisfies ApiContract;

/**
 * `GET /api/v1/packs/{serial}/` (public): `data: {pack}` (serial, state, verified_at, country,
 * product, lot, best_before, dl_url); 404 for an unknown serial. Consumes nothing; logged as a view,
 * as the pack's page is (decision 146), except a serial we never made, which is only counted (issue
 * 42 N6). Limited per client as the check is: 429 with `Retry-After` past it.
 */
const route = apiRoute(contract, {
  GET: async (args) => {
    const { context, request, params } = args;
    const viewed = await viewPack(packRequest(request, context, params.serial ?? ""), { countUnknown: true });
    if (!viewed.ok && viewed.error === "rate_limited") return apiTooManyAttempts(context, viewed.retryAfterSeconds ?? 60);
    const pack = viewed.ok ? viewed.value.pack : null;
    if (!pack) return apiFailure(context, packErrors, fail("pack_not_found"));
    return apiOk({ pack: packApiData(pack) }, requestT(context, "server")("packs.found"));
  },
});

export const loader = route.loader;
export const action = route.action;
