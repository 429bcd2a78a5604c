import { useTranslation } from "react-i18next";
import { ResetPasswordForm } from "~/auth/screens/password-reset-forms";
import { loadResetPassword, resetPasswordAction } from "~/auth/screens/password-reset-pages.server";
import { useBundles } from "~/i18n/use-bundles";
import { AccountPageFrame, InvalidLink } from "~/ui/account-page-frame";
import type { Route } from "./+types/reset-password";

/** /admin/reset-password/:token: a new password from the mailed link (once, 30 minutes); every session of the member ends. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadResetPassword(params.token, context);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return resetPasswordAction(params.token, request, context);
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("auth");
  const reset = actionData?.gone ? null : loaderData.reset;
  return (
    <AccountPageFrame title={t("reset.metaTitle")} labelledBy="reset-title" eyebrow={t("eyebrow")}>
      {reset ? (
        <ResetPasswordForm username={reset.username} result={actionData?.result} />
      ) : (
        <InvalidLink id="reset-title" title={t("reset.invalidTitle")} message={t("errors.resetInvalid")} testId="reset-invalid" back={t("forgot.back")} />
      )}
    </AccountPageFrame>
  );
}
