import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { SubmitButton } from "~/platform/ui/submit-button";
import type { SignInLinkState } from "./login-action.server";

/**
 * Under a refused sign-in (too many attempts): the member may ask for a link mailed to the account's
 * address that lets this browser sign in apart from strangers' attempts (decision 171); once asked,
 * the same "on its way" for every name. A plain form: works without JavaScript.
 */
export function SignInLinkOffer({ link }: { link: SignInLinkState }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign_in_link";
  if ("sent" in link) {
    return (
      <p role="status" data-testid="sign-in-link-sent" className="mt-4 rounded-xl border border-accent-100 bg-accent-50 p-4 text-sm text-ink-900">
        {t("signInLink.sent")}
      </p>
    );
  }
  return (
    <Form method="post" action="/admin" className="mt-4 rounded-xl border border-ink-900/10 bg-sand-50 p-4" data-testid="sign-in-link-offer">
      <p className="text-sm text-ink-800">{t("signInLink.offer")}</p>
      <input type="hidden" name="intent" value="sign_in_link" />
      <input type="hidden" name="username" value={link.offer} />
      <SubmitButton pending={pending} label={t("signInLink.request")} pendingLabel={t("signInLink.requesting")} className="mt-3 w-full" />
    </Form>
  );
}
