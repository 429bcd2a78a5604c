import { FilterActions } from "~/platform/ui/filter-actions";
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { AdminCard } from "~/platform/ui/admin-card";
import { ErrorList } from "~/platform/ui/field";
import { InputField } from "~/platform/ui/input-field";
import { AUDIT_ACTIONS } from "~/platform/audit/actions";
import type { AuditFilters } from "../schemas";

export const AUDIT_PATH = "/admin/dashboard/audit";

/** The URL of the filtered view (or its CSV), page aside. */
export function auditHref(path: string, filters: AuditFilters): string {
  const params = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ""}`;
}

/** Who, which action, from and to: a GET form (it works without JavaScript and a filtered view is a link). */
export function AuditFiltersCard({ filters, result }: { filters: AuditFilters; result: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("audit");
  const [form, fields] = useForm({ id: "audit-filters", lastResult: result, defaultValue: filters, shouldValidate: "onSubmit" });
  const { key: actionKey, ...actionProps } = getSelectProps(fields.action);
  return (
    <AdminCard id="filters" title={t("filters.title")}>
      <Form method="get" action={AUDIT_PATH} {...getFormProps(form)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InputField meta={fields.actor} label={t("filters.actor")} hint={t("filters.actorHint")} ltr autoComplete="off" autoCapitalize="none" spellCheck={false} />
        <div>
          <label htmlFor={fields.action.id} className="mb-1.5 block text-sm font-semibold text-ink-900">
            {t("filters.action")}
          </label>
          <select {...actionProps} key={actionKey} className="field-input">
            <option value="">{t("filters.anyAction")}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.action.errorId} errors={fields.action.errors} />
        </div>
        <InputField meta={fields.from} label={t("filters.from")} type="date" ltr />
        <InputField meta={fields.to} label={t("filters.to")} type="date" ltr />
        <FilterActions applyLabel={t("filters.apply")} clearLabel={t("filters.clear")} clearTo={AUDIT_PATH} className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          {/* A download, not a page: a full request. */}
          <a href={auditHref(`${AUDIT_PATH}/export.csv`, filters)} download className="btn-secondary" data-testid="audit-export">
            {t("filters.export")}
          </a>
        </FilterActions>
      </Form>
    </AdminCard>
  );
}
