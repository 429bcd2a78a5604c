import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { apiError } from "./api/envelope.server";
import { brand, env } from "./env.server";
import { defaultLanguage, dirOf, type Language } from "./i18n/languages";
import { getInstance, i18nextMiddleware, languageCookie } from "./i18n/middleware.server";
import { requestLanguage } from "./i18n/request.server";
import { baseNamespaces, bundlesOf, type Bundles } from "./i18n/resources";
import { useNonce } from "./nonce";
import { isCrossSiteWrite, unreadablePageRequest } from "./request.server";
import { ErrorContent } from "./ui/error-page";
import { Toaster } from "./ui/toaster";
import { clearShownToast, readToast } from "./ui/toast.server";
import stylesheet from "./app.css?url";

/** Refuses unsafe requests from other sites, then clears a toast once a page has shown it. */
const requestGuard: Route.MiddlewareFunction = async ({ request, context }, next) => {
  if (isCrossSiteWrite(request, env().SITE_URL)) {
    const message = getInstance(context).t("crossSite");
    if (new URL(request.url).pathname.startsWith("/api/")) {
      return apiError(403, message, "cross_site_request");
    }
    return new Response(message, { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const unreadable = await unreadablePageRequest(request);
  if (unreadable) {
    const message = getInstance(context).t(unreadable.status === 405 ? "methodNotAllowed" : "unreadableForm");
    const headers: Record<string, string> = { "Content-Type": "text/plain; charset=utf-8" };
    if (unreadable.status === 405) headers.Allow = "GET, HEAD, POST";
    return new Response(message, { status: unreadable.status, headers });
  }
  const response = await next();
  await clearShownToast(request, response);
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, requestGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const language = requestLanguage(context);
  const headers = new Headers();
  // Remember an explicit choice (?lng= from the EN/AR toggle) for the next visit.
  if (new URL(request.url).searchParams.has("lng")) {
    headers.append("Set-Cookie", await languageCookie.serialize(language));
  }
  return data(
    {
      language,
      dir: dirOf(language),
      resources: bundlesOf(language, baseNamespaces),
      brand: brand(),
      toast: await readToast(request),
    },
    { headers },
  );
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

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** Makes the server's dictionary available to i18next before anything below the root renders. */
function useI18nBootstrap(language: Language, dictionary: Bundles | undefined) {
  const { i18n } = useTranslation();
  if (dictionary && !i18n.hasResourceBundle(language, "common")) {
    for (const [ns, bundle] of Object.entries(dictionary)) i18n.addResourceBundle(language, ns, bundle, true, true);
  }
  if (i18n.language !== language) void i18n.changeLanguage(language);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = useNonce();
  // The scripts arrive after the first paint (deferred-hydration.server.ts): this marks a page that has
  // been hydrated, as opposed to one that is still the server's HTML (the browser tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const language = root?.language ?? defaultLanguage;
  return (
    <html lang={language} dir={dirOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#f7f2ec" />
        <Meta />
        <Links />
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
  useI18nBootstrap(root?.language ?? defaultLanguage, root?.resources);
  // Errors of public pages are caught by the public layout (inside the site's frame); this one catches
  // the rest (admin pages, a failing root loader) on a plain page.
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center">
      <ErrorContent error={error} />
    </main>
  );
}
