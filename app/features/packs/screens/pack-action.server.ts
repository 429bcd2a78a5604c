import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type RouterContextProvider } from "react-router";
import { orUnavailable } from "~/platform/http/unavailable.server";
import { requestT } from "~/platform/i18n/i18n.server";
import { PIN_INPUT_MAX } from "~/platform/codes/code-format";
import { findPack, isPackOf, packRequest, redeemPack } from "../packs.server";
import { pinSchema } from "~/features/packs/schemas";
import { answerCheck, refusedForm, type FormNotice } from "~/features/check/check-answer.server";
import { identityOf, linkOf, type LinkParams } from "./pack-loader.server";
import { rememberRedemption } from "./redeemed-cookie.server";

/**
 * The PIN posted on a pack's page: redeemed once (`redeemPack`), then Post/Redirect/Get to the result
 * view with the toast, as a code's check; the browser keeps the redemption's scan id, so its buyer is
 * recognised on the pack's page later (`redeemed-cookie.server.ts`). A wrong PIN gives the form back
 * with what to check and the tries left (decision 165), never a verdict. An empty or malformed PIN is
 * 400 with the form kept, past the limits 429, the database away 503. A link whose serial is no pack
 * of its GTIN and lot goes back to the page, which gives the counterfeit answer (nothing is redeemed
 * through a forged link).
 */
export async function packPageAction(request: Request, context: Readonly<RouterContextProvider>, params: LinkParams) {
  const link = linkOf(params);
  const serial = link.serial ?? "";
  const t = requestT(context, "verify");
  const submission = parseWithZod(await request.formData(), { schema: pinSchema(t) });
  const value = String(submission.payload.pin ?? "").slice(0, PIN_INPUT_MAX);
  const refuse = (status: number, error: string, notice?: FormNotice) => refusedForm(context, submission, value, status, error, notice);

  if (submission.status !== "success") return refuse(400, submission.error?.pin?.[0] ?? t("pack.pinEmpty"));
  const pin = submission.value.pin;
  const redeemed = await orUnavailable("Redemption", async () => {
    const pack = await findPack(serial);
    if (!pack || !isPackOf(pack, identityOf(link))) return null;
    return redeemPack({ ...packRequest(request, context, serial), pin });
  });
  if (!redeemed.ok) return refuse(503, t("form.failed"));
  if (!redeemed.value) return redirect(new URL(request.url).pathname);
  const remember = (verification: { scanId: string; outcome: string }) =>
    verification.outcome === "valid" || verification.outcome === "recalled" ? { headers: { "Set-Cookie": rememberRedemption(request, verification.scanId) } } : {};
  return answerCheck(request, context, redeemed.value, refuse, t("pack.pinEmpty"), remember);
}
