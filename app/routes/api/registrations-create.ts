import { clientHash } from "~/platform/http/client.server";
import { apiFailure, apiRoute, readBody } from "~/platform/http/api.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { registrationErrors } from "~/features/registrations/errors";
import { registeredJson } from "~/features/registrations/json";
import { registrationSchema } from "~/features/registrations/schemas";
import { registerBuyer } from "~/features/registrations/sign-up.server";
import { ok, type ApiContract } from "~/platform/http/contract";
import { registeredJsonSchema } from "~/features/registrations/json";

const contract = {
  POST: {
    tag: "Registrations",
    summary: "Sign up for a product's safety notices",
    description:
      "After a genuine check (`scan_id` from the verify or redeem answer), with `consent: true`. Double opt-in: a confirmation link is mailed. 400 for no consent, a malformed e-mail or language, an unknown scan or a result that was not genuine (nothing stored).",
    body: (t) => registrationSchema(t("registrations"), "en"),
    answers: [ok(registeredJsonSchema, "Pending until the mailed link is opened.", 201)],
    errors: [400],
    limited: true,
  },
} satisfies ApiContract;

/**
 * POST /api/v1/registrations/create/ (public) `{scan_id, email, lang, consent: true}` → 201 (decision
 * 162): a confirmation link is mailed; the registration stays pending until it is opened. 400 with
 * 6001 for no consent, a malformed e-mail or language, an unknown scan or a result that was not
 * genuine (nothing stored); 429 past the hourly limit. An address already confirmed on the run gets
 * the same answer (and no mail).
 */
const route = apiRoute(
  contract,
  {
    POST: async (args) => {
      const t = requestT(args.context, "registrations");
      const input = await readBody(args, registrationSchema(t, requestLanguage(args.context)));
      const created = await registerBuyer({ input, clientHash: clientHash(args.request) });
      if (!created.ok) return apiFailure(args.context, registrationErrors, created);
      return apiOk(registeredJson(input), t("api.created"), { status: 201 });
    },
  },
  { unavailable: { namespace: "registrations", message: "form.failed", error: "registration_failed" } },
);

export const loader = route.loader;
export const action = route.action;
