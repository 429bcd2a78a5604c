import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/public-layout";
import { renderedOnly } from "~/platform/http/rendered-only.server";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { footerPicks } from "~/platform/i18n/resources";
import { ErrorContent } from "~/platform/ui/error-page";
import { PublicShell } from "~/features/site/screens/public-shell";

/**
 * Every public page is painted before its scripts load (~/platform/http/paint-first.server.ts): a shopper on a
 * slow phone network sees the page first. A page below may say otherwise with its own handle.
 */
export const handle = { paintFirst: true };

/**
 * The footer is a static island (decision 141): its words reach the browser only with a client
 * render of it (after arriving from the admin area), never in a document's hydration data.
 */
export function loader({ context }: Route.LoaderArgs) {
  return { footer: renderedOnly(context, "footer", routeBundles(context, footerPicks)) };
}

/** The footer's words never change without a new document (the language toggle loads one). */
export function shouldRevalidate() {
  return false;
}

/** The site's frame with the footer's words; also drawn by the error boundary. */
function Frame({ children }: { children: React.ReactNode }) {
  const footer = useRouteLoaderData<typeof loader>("routes/public-layout")?.footer ?? null;
  return <PublicShell footer={footer}>{children}</PublicShell>;
}

export default function PublicLayout() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

/** Errors of public pages keep the site's frame: a thrown 404 shows the not-found page (status 404). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <Frame>
      <ErrorContent error={error} />
    </Frame>
  );
}
