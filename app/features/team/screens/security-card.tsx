import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { useIntentPending } from "~/platform/ui/admin-hooks";

/** "Two-factor for everyone": the owner requires it (members without it are sent to set it up) or not. */
export function SecurityCard({ required }: { required: boolean }) {
  const { t } = useTranslation("team");
  const pending = useIntentPending("require-mfa");
  return (
    <AdminCard id="security" title={t("security.title")}>
      <Form method="post" className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="require-mfa" />
        <label className="flex items-start gap-3 text-ink-900">
          <input type="checkbox" name="required" defaultChecked={required} key={String(required)} aria-describedby="require-mfa-hint" className="mt-1 size-4 accent-accent-700" />
          <span className="font-medium">{t("security.label")}</span>
        </label>
        <p id="require-mfa-hint" className="text-sm text-ink-700">
          {t("security.hint")}
        </p>
        <button type="submit" className="btn-secondary justify-self-start" disabled={pending}>
          {pending ? t("security.saving") : t("security.save")}
        </button>
      </Form>
    </AdminCard>
  );
}
