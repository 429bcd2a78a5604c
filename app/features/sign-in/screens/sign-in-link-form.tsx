import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Isolated } from "~/platform/ui/isolated";
import { SubmitButton } from "~/platform/ui/submit-button";

/** A mailed sign-in link's page (decision 171): the account it is for and one button (a POST: a mail scanner's prefetch changes nothing). */
export function SignInLinkForm({ username }: { username: string }) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  return (
    <>
      <h1 id="sign-in-link-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
        <Isolated template={t("signInLink.title", { username: "\u0000" })} value={username} />
      </h1>
      <p className="mt-2 text-ink-700">{t("signInLink.intro")}</p>
      <Form method="post" className="mt-6" data-testid="sign-in-link-form">
        <SubmitButton pending={navigation.state !== "idle"} label={t("signInLink.confirm")} pendingLabel={t("signInLink.confirming")} className="w-full" />
      </Form>
    </>
  );
}
