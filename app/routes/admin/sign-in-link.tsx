import { useTranslation } from "react-i18next";
import { SignInLinkForm } from "~/features/sign-in/screens/sign-in-link-form";
import { loadSignInLinkPage, signInLinkAction } from "~/features/sign-in/screens/sign-in-link-pages.server";
import { useBundles } from "~/platform/i18n/use-bundles";
import { AccountPageFrame, InvalidLink } from "~/platform/ui/account-page-frame";
import type { Route } from "./+types/sign-in-link";

/** /admin/sign-in-link/:token: a mailed link that lets this browser sign in apart from strangers' attempts (decision 171). */
export const loader = (args: Route.LoaderArgs) => loadSignInLinkPage(args.params.token, args.context);

export const action = (args: Route.ActionArgs) => signInLinkAction(args.params.token, args.request, args.context);

/** The action's headers when it answered, else the loader's: both private, no Referer. */
export const headers = (args: Route.HeadersArgs) => (args.actionHeaders.has("Cache-Control") ? args.actionHeaders : args.loaderHeaders);

export default function SignInLink({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("auth");
  const link = actionData?.gone ? null : loaderData.link;
  return (
    <AccountPageFrame title={t("signInLink.metaTitle")} labelledBy="sign-in-link-title" eyebrow={t("eyebrow")}>
      {link ? (
        <SignInLinkForm username={link.username} />
      ) : (
        <InvalidLink id="sign-in-link-title" title={t("signInLink.invalidTitle")} message={t("signInLink.invalid")} testId="sign-in-link-invalid" back={t("forgot.back")} />
      )}
    </AccountPageFrame>
  );
}
