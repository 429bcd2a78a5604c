import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import type { CodeTab } from "../codes.server";
import { CODES_PATH, codesHref } from "./codes-url";
import type { BatchOption, CodesScreenData } from "./codes-loader.server";

/**
 * Narrows the codes screen to one print run and/or one exact code: a GET form (the filters live in the
 * URL, so it works without JavaScript, and paging and tabs keep them).
 */
export function CodesFilter({ tab, filter, batches }: { tab: CodeTab; filter: CodesScreenData["filter"]; batches: BatchOption[] }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const active = Boolean(filter.batch || filter.code);
  return (
    <Form method="get" action={CODES_PATH} aria-labelledby="codes-filter-title" className="mb-4 rounded-2xl border border-ink-900/10 bg-white p-4 shadow-sm" data-testid="codes-filter">
      <h2 id="codes-filter-title" className="text-sm font-semibold text-ink-900">
        {t("codes.filter.title")}
      </h2>
      {tab !== "active" ? <input type="hidden" name="status" value={tab} /> : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start">
        <div className="min-w-0">
          <label htmlFor="filter-batch" className="text-sm font-medium text-ink-700">
            {t("codes.filter.batch")}
          </label>
          <select id="filter-batch" name="batch" defaultValue={filter.batch ?? ""} className="field-input mt-1 w-full">
            <option value="">{t("codes.filter.allBatches")}</option>
            {batches.map((b) => (
              <option key={b.id} value={b.id}>
                {t("codes.filter.batchOption", { lot: b.lot, product: language === "ar" ? b.nameAr : b.name })}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor="filter-code" className="text-sm font-medium text-ink-700">
            {t("codes.filter.code")}
          </label>
          <input
            id="filter-code"
            name="code"
            type="search"
            defaultValue={filter.code ?? ""}
            placeholder="ABCD-1234"
            dir="ltr"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby="filter-code-hint"
            className="field-input mt-1 w-full font-mono uppercase placeholder:normal-case"
          />
          <p id="filter-code-hint" className="mt-1 text-xs text-ink-500">
            {t("codes.filter.codeHint")}
          </p>
        </div>
        <div className="flex gap-2 sm:pt-6">
          <button type="submit" className="btn-primary">
            {t("codes.filter.apply")}
          </button>
          {active ? (
            <Link to={codesHref(tab)} className="btn-secondary">
              {t("codes.filter.clear")}
            </Link>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
