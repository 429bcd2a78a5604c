import { z } from "zod";
import { apiError, apiOk, methodNotAllowed, readBody } from "~/api/envelope.server";
import { requireApiAdmin } from "~/auth/guard.server";
import { requestT } from "~/i18n/request.server";
import { createCode, presentCode } from "~/verification/codes.server";
import type { Route } from "./+types/codes-create";

const body = z.object({
  code: z.string().max(64),
  product_id: z.string().min(1).max(64),
});

export function loader() {
  return methodNotAllowed(["POST"]);
}

/** POST /api/v1/codes/create/ {code, product_id} */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireApiAdmin(request);
  const t = requestT(context, "admin");
  const input = await readBody(request, body);
  const result = await createCode({ code: input.code, productId: input.product_id });
  if (!result.ok) return apiError(result.error === "duplicate" ? 409 : 400, t(`api.${result.error}`), result.error);
  return apiOk(presentCode(result.value), t("api.created"), { status: 201 });
}
