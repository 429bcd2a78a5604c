import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { ApiDocsScreen } from "~/composers/openapi/screens/api-docs-screen";
import { scalarScriptUrl } from "~/composers/openapi/scalar.server";
import type { Route } from "./+types/api-docs";

/** /api/docs: the API's reference, drawn by Scalar from /api/v1/openapi.json (decision 157). */
export function loader({ context }: Route.LoaderArgs) {
  return { i18n: routeBundles(context, ["apiDocs"]), script: scalarScriptUrl() };
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <ApiDocsScreen script={loaderData.script} />;
}
