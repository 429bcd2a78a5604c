import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { canonicalPath } from "~/http/canonical-path.server";
import { formAnswerMiddleware, isFormAnswer } from "~/http/form-answer.server";
import { requestGuard } from "~/http/request-guard.server";
import { readToast } from "~/http/toast.server";
import { i18nextMiddleware, languageCookie, requestLanguage } from "~/i18n/i18n.server";
import { dirOf, type Language } from "~/i18n/languages";
import { keepRoutePattern } from "~/metrics/route-pattern";
import { STORE_TIME_ZONE_SCRIPT, timeZoneFromCookies } from "~/i18n/time-zone";
import { basePicks, bundlesOf, type Bundles } from "~/i18n/resources";
import { brand } from "~/lib/env.server";
import { useLanguage, useRootData, type RootData } from "~/root-data";
import { ErrorContent } from "~/ui/error-page";
import { useNonce } from "~/ui/nonce";
import { Toaster } from "~/ui/toaster";
import stylesheet from "./app.css?url";

// keepRoutePattern first: the request's metrics are labelled with React Router's match (decision 175).
export const middleware: Route.MiddlewareFunction[] = [keepRoutePattern, canonicalPath, i18nextMiddleware, requestGuard, formAnswerMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(context);
  const headers = new Headers();
  // Remember an explicit choice (?lng= from the EN/AR toggle) for the next visit.
  if (new URL(request.url).searchParams.has("lng")) {
    headers.append("Set-Cookie", await languageCookie.serialize(language));
  }
  const root: RootData = {
    language,
    dir: dirOf(language),
    resources: bundlesOf(language, basePicks),
    brand: brand(),
    toast: await readToast(request),
    timeZone: timeZoneFromCookies(request.headers.get("Cookie")),
    formAnswer: isFormAnswer(context),
  };
  return data(root, { headers });
}

// The dictionary only changes with a full document load (the language toggle reloads the page), so
// the root loader runs again only after a form submission, to pick up its toast.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Makes the server's dictionary available to i18next before anything below the root renders. */
function useI18nBootstrap(language: Language, dictionary: Bundles | undefined) {
  const { i18n } = useTranslation();
  if (dictionary && !i18n.hasResourceBundle(language, "common")) {
    for (const [ns, bundle] of Object.entries(dictionary)) i18n.addResourceBundle(language, ns, bundle, true, true);
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const language = useLanguage();
  const nonce = useNonce();
  // Marks a page that has been hydrated, as opposed to one that is still the server's HTML (scripts
  // may arrive after the first paint, see ~/http/paint-first.server.ts; the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={language} dir={dirOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f2ec" />
        <Meta />
        <Links />
        {/* Stores the browser's time zone for pages the server renders later (~/i18n/time-zone). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STORE_TIME_ZONE_SCRIPT }} />
      </head>
      <body className="min-h-dvh bg-sand-50 text-ink-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useI18nBootstrap(loaderData.language, loaderData.resources);
  return (
    <>
      <Outlet />
      <Toaster toast={loaderData.toast} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  useI18nBootstrap(root?.language ?? "en", root?.resources);
  // Errors of public pages are caught by the public layout (inside the site's frame); this one catches
  // the rest (admin pages, a failing root loader) on a plain page.
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center">
      <ErrorContent error={error} />
    </main>
  );
}
