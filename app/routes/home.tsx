import { useBundles } from "~/platform/i18n/use-bundles";
import { loadHome } from "~/features/site/screens/home-loader.server";
import { HomeScreen } from "~/features/site/screens/home-screen";
import type { Route } from "./+types/home";
import { cacheablePage } from "~/platform/http/page-cache";

export const handle = cacheablePage;

export function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  return <HomeScreen content={loaderData.content} slideCount={loaderData.slideCount} language={loaderData.i18n.language} />;
}
