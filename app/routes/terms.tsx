import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { LegalDocument } from "~/features/site/screens/legal-page";
import type { Route } from "./+types/terms";

export function loader({ context }: Route.LoaderArgs) {
  return { i18n: routeBundles(context, ["legal"]) };
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <LegalDocument page="terms" related="privacy" />;
}
