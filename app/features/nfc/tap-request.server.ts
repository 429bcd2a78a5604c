import type { RouterContextProvider } from "react-router";
import { checkRequest } from "~/features/check/verify.server";
import type { TapInput } from "./schemas";
import type { TapRequest } from "./taps.server";

/** A page's or the API's request as a tap: the check's side of it (language, keyed client hash, user agent, country) and the tap's input. */
export function tapRequest(request: Request, context: Readonly<RouterContextProvider>, input: TapInput): TapRequest {
  const { lang, clientHash, userAgent, country } = checkRequest(request, context, "");
  return { lang, clientHash, userAgent, country, ...input };
}
