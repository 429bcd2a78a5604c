import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useBundles } from "~/i18n/use-bundles";
import { invitationAction } from "~/team/screens/invitation-action.server";
import { loadInvitation } from "~/team/screens/invitation-loader.server";
import { InvitationForm } from "~/team/screens/invitation-form";
import { LanguageToggle } from "~/ui/language-toggle";
import { Logo } from "~/ui/logo";
import { PageMeta } from "~/ui/page-meta";
import type { Route } from "./+types/invitation";

/** /admin/invitation/:token: a new member sets their first password from the one-time link (24 hours). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadInvitation(params.token, context);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return invitationAction(params.token, request, context);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("auth");
  const invitation = actionData?.gone ? null : loaderData.invitation;
  return (
    <main id="main" className="flex min-h-dvh flex-col bg-sand-100 px-4 py-6 sm:py-10">
      <PageMeta title={t("invitation.metaTitle")} noindex />
      <div className="mx-auto flex w-full max-w-md items-center justify-between">
        <Logo />
        <LanguageToggle />
      </div>
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
        <section aria-labelledby="invitation-title" className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-10">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t("eyebrow")}</p>
          {invitation ? (
            <InvitationForm username={invitation.username} role={invitation.role} result={actionData?.result} />
          ) : (
            <>
              <h1 id="invitation-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
                {t("invitation.invalidTitle")}
              </h1>
              <p className="mt-3 text-ink-700" data-testid="invitation-invalid">
                {t("errors.invitationInvalid")}
              </p>
              <Link to="/admin" className="btn-primary mt-6 inline-flex">
                {t("submit")}
              </Link>
            </>
          )}
        </section>
      </div>
    </main>
  );
}
