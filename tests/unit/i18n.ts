import type { Namespace, TFunction } from "i18next";
import { getInstance } from "~/platform/i18n/i18n.server";
import type { Language } from "~/platform/i18n/languages";
import { requestContext } from "./request-context";

/** The `t` a request in `language` gets for `namespace` (the server's own i18next set-up). */
export async function i18n<N extends Namespace>(language: Language, namespace: N): Promise<TFunction<N>> {
  const context = await requestContext(new Request(`http://localhost:3000/?lng=${language}`));
  return getInstance(context).getFixedT(language, namespace) as unknown as TFunction<N>;
}
