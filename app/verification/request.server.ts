import type { RouterContextProvider } from "react-router";
import { requestLanguage } from "~/i18n/request.server";
import { clientHash } from "~/request.server";
import type { CheckRequest } from "./verify.server";

/** Glue between a request and the verification domain, shared by the page's action and the API. */
export function checkRequest(request: Request, context: Readonly<RouterContextProvider>, input: unknown): CheckRequest {
  return {
    input,
    lang: requestLanguage(context),
    clientHash: clientHash(request),
    userAgent: request.headers.get("user-agent") ?? "",
  };
}
