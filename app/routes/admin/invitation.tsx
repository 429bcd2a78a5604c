import { useTranslation } from "react-i18next";
import { useBundles } from "~/platform/i18n/use-bundles";
import { invitationAction } from "~/features/team/screens/invitation-action.server";
import { loadInvitation } from "~/features/team/screens/invitation-loader.server";
import { InvitationForm } from "~/features/team/screens/invitation-form";
import { AccountPageFrame, InvalidLink } from "~/platform/ui/account-page-frame";
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
    <AccountPageFrame title={t("invitation.metaTitle")} labelledBy="invitation-title" eyebrow={t("eyebrow")}>
      {invitation ? (
        <InvitationForm username={invitation.username} role={invitation.role} result={actionData?.result} />
      ) : (
        <InvalidLink id="invitation-title" title={t("invitation.invalidTitle")} message={t("errors.invitationInvalid")} testId="invitation-invalid" back={t("submit")} />
      )}
    </AccountPageFrame>
  );
}
