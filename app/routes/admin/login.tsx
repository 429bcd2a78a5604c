import { useTranslation } from "react-i18next";
import { data, Link, redirect } from "react-router";
import { ensureInitialAdmin } from "~/features/sign-in/bootstrap.server";
import { appendCookies } from "~/features/sessions/cookies.server";
import { resolveBrowserSession } from "~/features/sessions/guard.server";
import { markPrivate } from "~/platform/http/private.server";
import { LoginForm } from "~/features/sign-in/screens/login-form";
import { loginPageAction } from "~/features/sign-in/screens/login-action.server";
import { MfaForm } from "~/features/sign-in/screens/mfa-form";
import { readReturn } from "~/features/sessions/return-to";
import { routeBundles } from "~/platform/i18n/i18n.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { LanguageToggle } from "~/platform/ui/language-toggle";
import { Logo } from "~/platform/ui/logo";
import { PageMeta } from "~/platform/ui/page-meta";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Lazily too (development servers start without server.js): the first admin exists before anyone signs in.
  await ensureInitialAdmin();
  const session = await resolveBrowserSession(request);
  const headers = appendCookies(markPrivate(new Headers()), session.cookies);
  const back = readReturn(new URL(request.url));
  if (session.admin) throw redirect(back.next ?? "/admin/dashboard", { headers });
  return data({ i18n: routeBundles(context, ["auth", "admin"]), ...back }, { headers });
}

/** The login page is part of the admin area: never cached, never indexed. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const result = markPrivate(new Headers());
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) result.set("Retry-After", retryAfter);
  return result;
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginPageAction(request, context);
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("auth");
  return (
    <main id="main" className="flex min-h-dvh flex-col bg-sand-100 px-4 py-6 sm:py-10">
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} noindex />
      <div className="mx-auto flex w-full max-w-md items-center justify-between">
        <Logo />
        <LanguageToggle />
      </div>
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
        <section aria-labelledby="login-title" className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-10">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t("eyebrow")}</p>
          <h1 id="login-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
            {t("title")}
          </h1>
          {actionData?.mfa ? (
            <MfaForm key={actionData.mfa.token} step={{ ...actionData, mfa: actionData.mfa }} next={loaderData.next} />
          ) : (
            <>
              <p className="mt-2 text-ink-700">{t("intro")}</p>
              {loaderData.expired ? (
                <p role="alert" data-testid="session-expired" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
                  {t(`sessionExpired.${loaderData.expired}`)}
                </p>
              ) : null}
              <LoginForm
                refusal={actionData ? { result: actionData.result, failure: actionData.failure, link: "link" in actionData ? actionData.link : undefined } : undefined}
                next={loaderData.next}
                username={loaderData.username}
              />
            </>
          )}
        </section>
        <p className="mt-6 text-center">
          <Link to="/" className="text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700">
            {t("backToSite")}
          </Link>
        </p>
      </div>
    </main>
  );
}
