import { useTranslation } from "react-i18next";
import { ResetPasswordForm } from "~/features/sign-in/screens/password-reset-forms";
import { loadResetPassword, resetPasswordAction } from "~/features/sign-in/screens/password-reset-pages.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { AccountPageFrame, InvalidLink } from "~/platform/ui/account-page-frame";
import type { Route } from "./+types/reset-password";

/** /admin/reset-password/:token: a new password from the mailed link (once, 30 minutes); every session of the member ends. */
export const loader = (args: Route.LoaderArgs) => loadResetPassword(args.params.token, args.context);

export const action = (args: Route.ActionArgs) => resetPasswordAction(args.params.token, args.request, args.context);

/** The action's headers when it answered (its own Cache-Control), else the loader's: both private, no Referer. */
export const headers = (args: Route.HeadersArgs) => (args.actionHeaders.has("Cache-Control") ? args.actionHeaders : args.loaderHeaders);

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
