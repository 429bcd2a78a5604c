import { FilterActions } from "~/platform/ui/filter-actions";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "~/platform/access/use-can";
import { Form } from "react-router";
import { Field } from "~/platform/ui/field";
import { SCAN_KINDS, SCAN_OUTCOMES } from "~/platform/codes/outcomes";
import { scanFiltersSchema } from "../schemas";
import { CountryOptions } from "~/platform/ui/country-options";
import type { ScansScreenData } from "./scans-loader.server";

export const SCANS_PATH = "/admin/dashboard/scans";

const label = "block text-sm font-semibold text-ink-900";
const control = "field-input mt-1";

/**
 * The scan log's filters: a GET form (the filters live in the URL, so a filtered view can be shared
 * and works without JavaScript), validated with the API's schema in the browser and on the server.
 */
export function ScanFilters({ data }: { data: ScansScreenData }) {
  const { t } = useTranslation("protection");
  // The CSV leaves with staff only (scans:export): a viewer is not offered it.
  const mayExport = useCan("scans:export");
  const schema = useMemo(() => scanFiltersSchema(t), [t]);
  const [form, fields] = useForm({
    id: "scan-filters",
    lastResult: data.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const select = (name: "kind" | "outcome" | "product_id" | "country") => getSelectProps(fields[name]);
  const productNames = new Map(data.products.map((p) => [p.id, p.name]));
  const chosen = typeof fields.batch.initialValue === "string" ? fields.batch.initialValue : "";

  return (
    <Form method="get" action={SCANS_PATH} {...getFormProps(form)} className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <fieldset>
        <legend className="font-display text-lg font-semibold text-ink-900">{t("filters.legend")}</legend>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field label={t("filters.kind")} labelFor={fields.kind.id} labelClassName={label} errorId={fields.kind.errorId} errors={fields.kind.errors}>
            <select {...select("kind")} key={fields.kind.key} className={control}>
              <option value="">{t("filters.anyKind")}</option>
              {SCAN_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("filters.outcome")} labelFor={fields.outcome.id} labelClassName={label} errorId={fields.outcome.errorId} errors={fields.outcome.errors}>
            <select {...select("outcome")} key={fields.outcome.key} className={control}>
              <option value="">{t("filters.anyOutcome")}</option>
              {SCAN_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`outcomes.${o}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("filters.product")} labelFor={fields.product_id.id} labelClassName={label} errorId={fields.product_id.errorId} errors={fields.product_id.errors}>
            <select {...select("product_id")} key={fields.product_id.key} className={control}>
              <option value="">{t("filters.anyProduct")}</option>
              {data.products.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t("filters.country")} labelFor={fields.country.id} labelClassName={label} errorId={fields.country.errorId} errors={fields.country.errors}>
            <select {...select("country")} key={fields.country.key} className={control}>
              <CountryOptions countries={data.countries} first={t("filters.anyCountry")} />
            </select>
          </Field>
          {/* Runs by lot and product, newest first (a select finds a lot as it is typed). */}
          <Field label={t("filters.batch")} labelFor={fields.batch.id} labelClassName={label} errorId={fields.batch.errorId} errors={fields.batch.errors}>
            <select {...getSelectProps(fields.batch)} key={fields.batch.key} className={control}>
              <option value="">{t("filters.anyBatch")}</option>
              {data.runs.choices.map((run) => (
                <option key={run.id} value={run.id}>
                  {`${run.lot} · ${productNames.get(run.product_id) ?? run.product_id}`}
                </option>
              ))}
              {chosen && !data.runs.choices.some((run) => run.id === chosen) ? <option value={chosen}>{data.runs.byId[chosen]?.lot ?? chosen}</option> : null}
            </select>
          </Field>
          <Field label={t("filters.from")} labelFor={fields.from.id} labelClassName={label} errorId={fields.from.errorId} errors={fields.from.errors}>
            <input {...getInputProps(fields.from, { type: "date" })} key={fields.from.key} className={control} />
          </Field>
          <Field label={t("filters.to")} labelFor={fields.to.id} labelClassName={label} errorId={fields.to.errorId} errors={fields.to.errors}>
            <input {...getInputProps(fields.to, { type: "date" })} key={fields.to.key} className={control} />
          </Field>
        </div>
      </fieldset>
      <FilterActions applyLabel={t("filters.apply")} clearLabel={t("filters.clear")} clearTo={SCANS_PATH} className="mt-5 flex flex-wrap items-center gap-3">
        {data.exportQuery !== null && mayExport ? <ExportLink query={data.exportQuery} /> : null}
      </FilterActions>
    </Form>
  );
}

/** Downloads the filtered log as CSV. */
function ExportLink({ query }: { query: string }) {
  const { t } = useTranslation("protection");
  return (
    <a
      href={`${SCANS_PATH}/export.csv${query ? `?${query}` : ""}`}
      download
      aria-label={t("filters.exportLabel")}
      className="ms-auto inline-flex min-h-11 items-center gap-2 rounded-full border border-ink-900/15 bg-white px-4 text-sm font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700"
      data-testid="scans-export"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M10 3v10M6 9l4 4 4-4M4 16h12" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {t("filters.export")}
    </a>
  );
}
