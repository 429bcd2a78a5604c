import { useTranslation } from "react-i18next";
import { ForgotPasswordForm } from "~/features/sign-in/screens/password-reset-forms";
import { forgotPasswordAction, loadForgotPassword } from "~/features/sign-in/screens/password-reset-pages.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { AccountPageFrame } from "~/platform/ui/account-page-frame";
import type { Route } from "./+types/forgot-password";

/** /admin/forgot-password: a username or an e-mail address; a single-use link is mailed when an account matches (decision 161). */
export function loader({ context }: Route.LoaderArgs) {
  return loadForgotPassword(context);
}

export async function action({ request, context }: Route.ActionArgs) {
  return forgotPasswordAction(request, context);
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("auth");
  return (
    <AccountPageFrame title={t("forgot.metaTitle")} labelledBy="forgot-title" eyebrow={t("eyebrow")}>
      <ForgotPasswordForm result={actionData?.result} sent={actionData?.sent ?? false} mailConfigured={loaderData.mailConfigured} />
    </AccountPageFrame>
  );
}
