import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useActionData, useFetcher, useLocation, useNavigation } from "react-router";
import { getAdmin } from "~/auth/guard.server";
import { products as catalogue } from "~/catalog/catalog";
import type { Language } from "~/i18n/languages";
import { requestT } from "~/i18n/request.server";
import { useRootData } from "~/root";
import { ConfirmDialog } from "~/ui/admin-confirm-dialog";
import { useHydrated } from "~/ui/admin-hooks";
import { AdminPagination } from "~/ui/admin-pagination";
import { parsePage } from "~/ui/admin-paging";
import { AdminTable, AdminTableMessage, td, th } from "~/ui/admin-table";
import { Spinner } from "~/ui/icons";
import { formatNumber } from "~/i18n/format";
import { AdminTime } from "~/ui/admin-time";
import { PageMeta } from "~/ui/page-meta";
import { QrDownload } from "~/ui/qr-label";
import { redirectWithToast } from "~/ui/toast.server";
import { formatCode, generateCode } from "~/verification/code-format";
import {
  createCode,
  deleteCode,
  endedOf,
  expireCode,
  getCode,
  listCodes,
  parseTab,
  presentCode,
  type CodeTab,
} from "~/verification/codes.server";
import type { Route } from "./+types/codes";

const PATH = "/admin/dashboard/codes";

function listHref(tab: CodeTab, page = 1, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (tab !== "active") params.set("status", tab);
  if (page > 1) params.set("page", String(page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const query = params.toString();
  return `${PATH}${query ? `?${query}` : ""}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  getAdmin(context);
  const url = new URL(request.url);
  const tab = parseTab(url.searchParams.get("status"));
  const page = parsePage(url.searchParams.get("page"));
  const list = await listCodes(tab, page);
  // A page past the end (say, after deleting the last code of the last page): go to the last one.
  if (page > list.pagination.total_pages) throw redirect(listHref(tab, list.pagination.total_pages));

  const confirmId = url.searchParams.get("confirm");
  const confirmCode = confirmId ? await getCode(confirmId) : undefined;
  return data(
    {
      tab,
      page,
      counts: list.counts,
      pagination: { total_pages: list.pagination.total_pages, total_count: list.pagination.total_count },
      codes: list.items.map((c) => ({ ...presentCode(c), ended: endedOf(c) })),
      products: catalogue.map((p) => ({ id: p.id, name: p.name, nameAr: p.nameAr, image: p.images[0] ?? null })),
      confirm: confirmCode && confirmCode.status !== "active" ? presentCode(confirmCode) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };
}

type FormValues = { code: string; product_id: string };
type FieldErrors = Partial<Record<keyof FormValues, string>>;

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, 200) : "";
};

export async function action({ request, context }: Route.ActionArgs) {
  getAdmin(context);
  const t = requestT(context, "admin");
  const tc = requestT(context, "common");
  const form = await request.formData();
  const intent = field(form, "intent");
  const url = new URL(request.url);
  const here = listHref(parseTab(url.searchParams.get("status")), parsePage(url.searchParams.get("page")));
  // Fetcher submissions replace the history entry instead of adding one per action.
  const replace = { headers: { "X-Remix-Replace": "true" } };
  const success = (description: string) => ({ type: "success" as const, title: tc("toast.success"), description });
  const failure = (description: string) => ({ type: "error" as const, title: tc("toast.error"), description });

  switch (intent) {
    case "generate": {
      // Without JavaScript the Generate button asks the server for a code; the chosen product stays.
      const values: FormValues = { code: formatCode(generateCode()), product_id: field(form, "product_id") };
      return { intent: "generate" as const, values, errors: {} as FieldErrors, failed: null };
    }
    case "create": {
      const values: FormValues = { code: field(form, "code"), product_id: field(form, "product_id") };
      const errors: FieldErrors = {};
      if (!values.code.trim()) errors.code = t("codes.errors.codeRequired");
      if (!values.product_id) errors.product_id = t("codes.errors.productRequired");
      if (!errors.code && !errors.product_id) {
        const result = await createCode({ code: values.code, productId: values.product_id });
        if (result.ok) return redirectWithToast(listHref("active"), success(t("codes.toast.created")), replace);
        if (result.error === "unknown_product") errors.product_id = t("codes.errors.unknown_product");
        else errors.code = t(`codes.errors.${result.error}`);
      }
      return data({ intent: "create" as const, values, errors, failed: t("codes.toast.createFailed") }, { status: 400 });
    }
    case "expire": {
      const result = await expireCode(field(form, "id"));
      return result.ok
        ? redirectWithToast(here, success(t("codes.toast.expired")), replace)
        : redirectWithToast(here, failure(`${t("codes.toast.expireFailed")}: ${t(`codes.errors.${result.error}`)}`), replace);
    }
    case "delete": {
      const result = await deleteCode(field(form, "id"));
      return result.ok
        ? redirectWithToast(here, success(t("codes.toast.deleted")), replace)
        : redirectWithToast(here, failure(`${t("codes.toast.deleteFailed")}: ${t(`codes.errors.${result.error}`)}`), replace);
    }
    default:
      return redirectWithToast(here, failure(t("codes.errors.unknown_intent")), replace);
  }
}

type LoaderData = Route.ComponentProps["loaderData"];
type Product = LoaderData["products"][number];
type CodeRow = LoaderData["codes"][number];

function ProductThumb({ src, className = "size-10" }: { src: string | null; className?: string }) {
  return src ? (
    <img src={src} alt="" width={40} height={40} loading="lazy" className={`${className} shrink-0 rounded-lg bg-sand-100 object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${className} shrink-0 rounded-lg bg-sand-200`} />
  );
}

function GenerateCard({ products, language }: { products: Product[]; language: Language }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>({ key: "create-code" });
  const serverAnswer = fetcher.data ?? actionData;
  const initial = serverAnswer && (serverAnswer.intent === "generate" || serverAnswer.intent === "create") ? serverAnswer : null;
  const [code, setCode] = useState(initial?.values.code ?? "");
  const [productId, setProductId] = useState(initial?.values.product_id ?? "");
  const codeRef = useRef<HTMLInputElement>(null);
  const ids = { code: useId(), codeHint: useId(), codeError: useId(), product: useId(), productError: useId(), failed: useId() };

  const submitting = fetcher.state !== "idle" && fetcher.formData?.get("intent") === "create";
  // Reset after a successful save (the action redirected, so no new error data arrived).
  const dataAtSubmit = useRef<unknown>(undefined);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (!wasBusy.current) dataAtSubmit.current = fetcher.data;
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const answer = fetcher.data;
    if (answer && answer !== dataAtSubmit.current && answer.intent === "create") {
      setCode(answer.values.code);
      setProductId(answer.values.product_id);
      codeRef.current?.focus();
      return;
    }
    setCode("");
    setProductId("");
  }, [fetcher.state, fetcher.data]);

  // Anything typed or picked before the page finished loading becomes the starting state.
  useEffect(() => {
    const input = codeRef.current;
    if (!input?.form) return;
    if (input.value !== code) setCode(input.value);
    const picked = input.form.querySelector<HTMLInputElement>('input[name="product_id"]:checked');
    if (picked && picked.value !== productId) setProductId(picked.value);
    // Only once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const errors = initial && initial.intent === "create" && (fetcher.state === "idle" || !fetcher.formData) ? initial.errors : {};
  const failed = initial?.intent === "create" ? initial.failed : null;
  const selected = products.find((p) => p.id === productId);
  const canSave = !hydrated || (code.trim() !== "" && productId !== "" && !submitting);

  return (
    <section aria-labelledby="generate-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="generate-title" className="font-display text-xl font-semibold text-ink-900">
        {t("codes.generate.title")}
      </h2>
      <fetcher.Form method="post" className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]" noValidate>
        {/* The form's default button (Enter in the code field) saves; it never generates. */}
        <button type="submit" name="intent" value="create" hidden tabIndex={-1} />
        <fieldset
          role="radiogroup"
          aria-describedby={errors.product_id ? ids.productError : undefined}
          aria-invalid={errors.product_id ? true : undefined}
          className="min-w-0"
        >
          <legend className="text-sm font-semibold text-ink-900">{t("codes.generate.product")}</legend>
          <p className="mt-1 text-sm text-ink-700">{t("codes.generate.productHint")}</p>
          <div
            data-testid="product-picker"
            className={`mt-3 grid max-h-80 gap-1 overflow-y-auto rounded-xl border bg-sand-50 p-1.5 sm:grid-cols-2 lg:grid-cols-1 ${
              errors.product_id ? "border-red-700" : "border-ink-900/15"
            }`}
          >
            {products.map((p) => (
              <label
                key={p.id}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-transparent p-2 text-sm text-ink-900 hover:bg-white has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-700"
              >
                <input
                  type="radio"
                  name="product_id"
                  value={p.id}
                  checked={productId === p.id}
                  onChange={() => setProductId(p.id)}
                  className="size-4 shrink-0 accent-accent-700 focus-visible:outline-none"
                />
                <ProductThumb src={p.image} />
                <span className="min-w-0 leading-snug">{language === "ar" ? p.nameAr : p.name}</span>
              </label>
            ))}
          </div>
          {errors.product_id ? (
            <p id={ids.productError} className="field-error">
              {errors.product_id}
            </p>
          ) : null}
        </fieldset>

        <div className="flex min-w-0 flex-col gap-4">
          <div>
            <label htmlFor={ids.code} className="text-sm font-semibold text-ink-900">
              {t("codes.generate.code")}
            </label>
            <p id={ids.codeHint} className="mt-1 text-sm text-ink-700">
              {t("codes.generate.codeHint")}
            </p>
            <div className="mt-3 flex gap-2">
              <input
                ref={codeRef}
                id={ids.code}
                name="code"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                placeholder={t("codes.generate.placeholder")}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={64}
                aria-required="true"
                aria-invalid={errors.code ? true : undefined}
                aria-describedby={`${ids.codeHint}${errors.code ? ` ${ids.codeError}` : ""}`}
                className="field-input min-w-0 flex-1 font-mono uppercase tracking-widest placeholder:normal-case placeholder:tracking-widest"
              />
              <button
                type="submit"
                name="intent"
                value="generate"
                formNoValidate
                title={t("codes.generate.generateLabel")}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  setCode(formatCode(generateCode()));
                  codeRef.current?.focus();
                }}
                className="btn-secondary shrink-0 px-4"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
                  <path d="M15.5 7A6 6 0 0 0 4.6 6.2M4.5 13a6 6 0 0 0 10.9.8M15.5 3v4h-4M4.5 17v-4h4" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {t("codes.generate.generate")}
              </button>
            </div>
            {errors.code ? (
              <p id={ids.codeError} className="field-error">
                {errors.code}
              </p>
            ) : null}
          </div>

          <div className="flex items-center gap-3 rounded-xl bg-sand-50 p-3 text-sm text-ink-700" aria-live="polite">
            <ProductThumb src={selected?.image ?? null} className="size-14" />
            <span>
              {selected
                ? t("codes.generate.selected", { name: language === "ar" ? selected.nameAr : selected.name })
                : t("codes.generate.noneSelected")}
            </span>
          </div>

          {failed ? (
            <p id={ids.failed} role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {failed}
            </p>
          ) : null}

          <div>
            <button type="submit" name="intent" value="create" disabled={!canSave} className="btn-primary w-full sm:w-auto">
              {submitting ? <Spinner /> : null}
              {submitting ? t("codes.generate.saving") : t("codes.generate.save")}
            </button>
          </div>
        </div>
      </fetcher.Form>
    </section>
  );
}

function StatusBadge({ status }: { status: CodeRow["status"] }) {
  const { t } = useTranslation("admin");
  const tone =
    status === "active"
      ? "bg-accent-100 text-accent-800"
      : status === "revoked"
        ? "bg-red-100 text-red-800"
        : "bg-sand-200 text-ink-900";
  return <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`}>{t(`codes.status.${status}`)}</span>;
}

function ProductCell({ row, language }: { row: CodeRow; language: Language }) {
  const { t } = useTranslation("admin");
  return (
    <span className="flex items-center gap-3">
      <ProductThumb src={row.product?.image ?? null} />
      <span className="min-w-[10rem] max-w-[14rem] leading-snug">
        {row.product ? (language === "ar" ? row.product.name_ar : row.product.name) : t("codes.table.unknownProduct")}
      </span>
    </span>
  );
}

function CodeText({ code }: { code: string }) {
  return (
    <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold tracking-wider" data-testid="code-value">
      {formatCode(code)}
    </bdi>
  );
}

function ExpireButton({ row }: { row: CodeRow }) {
  const { t } = useTranslation("admin");
  const fetcher = useFetcher({ key: `expire-${row.id}` });
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="expire" />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={t("codes.actions.expireLabel", { code: formatCode(row.code) })}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60"
      >
        {pending ? <Spinner /> : null}
        {pending ? t("codes.actions.expiring") : t("codes.actions.expire")}
      </button>
    </fetcher.Form>
  );
}

const deleteButtonClass =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";

function DeleteControl({ row, page }: { row: CodeRow; page: number }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const fetcher = useFetcher({ key: `delete-${row.id}` });
  const [open, setOpen] = useState(false);
  const pending = fetcher.state !== "idle";
  const label = t("codes.actions.deleteLabel", { code: formatCode(row.code) });

  if (!hydrated) {
    // Without JavaScript: a confirmation step on the page itself, then a second POST.
    return (
      <Link to={`${listHref("expired", page, { confirm: row.id })}#confirm-delete`} aria-label={label} className={deleteButtonClass}>
        {t("codes.actions.delete")}
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} aria-haspopup="dialog" className={deleteButtonClass}>
        {t("codes.actions.delete")}
      </button>
      <ConfirmDialog
        open={open || pending}
        onClose={() => setOpen(false)}
        title={t("codes.confirmDelete.title")}
        fallbackFocus={() => document.getElementById("codes-list")}
      >
        <ConfirmBody code={row.code} />
        <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={row.id} />
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={pending} autoFocus>
            {t("codes.confirmDelete.cancel")}
          </button>
          <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700" disabled={pending}>
            {pending ? <Spinner /> : null}
            {pending ? t("codes.actions.deleting") : t("codes.confirmDelete.confirm")}
          </button>
        </fetcher.Form>
      </ConfirmDialog>
    </>
  );
}

function ConfirmBody({ code }: { code: string }) {
  const { t } = useTranslation("admin");
  const [before, after] = t("codes.confirmDelete.body", { code: "\u0000" }).split("\u0000");
  return (
    <p className="mt-3 text-ink-700">
      {before}
      <CodeText code={code} />
      {after}
    </p>
  );
}

function NoScriptConfirm({ row, page }: { row: NonNullable<LoaderData["confirm"]>; page: number }) {
  const { t } = useTranslation("admin");
  return (
    <section
      id="confirm-delete"
      aria-labelledby="confirm-delete-title"
      className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-5"
    >
      <h2 id="confirm-delete-title" className="font-display text-lg font-semibold text-red-900">
        {t("codes.confirmDelete.title")}
      </h2>
      <ConfirmBody code={row.code} />
      <Form method="post" action={listHref("expired", page)} className="mt-4 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700">
          {t("codes.confirmDelete.confirm")}
        </button>
        <Link to={listHref("expired", page)} className="btn-secondary">
          {t("codes.confirmDelete.cancel")}
        </Link>
      </Form>
    </section>
  );
}

function CodesTable({ rows, tab, page, loading, language }: { rows: CodeRow[]; tab: CodeTab; page: number; loading: boolean; language: Language }) {
  const { t } = useTranslation("admin");
  const root = useRootData();
  const active = tab === "active";
  const columns = active ? 5 : 6;
  return (
    <AdminTable caption={active ? t("codes.table.captionActive") : t("codes.table.captionExpired")} busy={loading}>
      <thead>
        <tr>
          <th scope="col" className={th}>{t("codes.table.product")}</th>
          <th scope="col" className={th}>{t("codes.table.code")}</th>
          <th scope="col" className={th}>{t("codes.table.created")}</th>
          {active ? null : <th scope="col" className={th}>{t("codes.table.ended")}</th>}
          <th scope="col" className={th}>{t("codes.table.status")}</th>
          <th scope="col" className={th}>{t("codes.table.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <AdminTableMessage colSpan={columns} loading>
            {t("loading")}
          </AdminTableMessage>
        ) : rows.length === 0 ? (
          <AdminTableMessage colSpan={columns}>{active ? t("codes.empty.active") : t("codes.empty.expired")}</AdminTableMessage>
        ) : (
          rows.map((row) => (
            <tr key={row.id} data-testid="code-row" data-code={row.code} className="hover:bg-sand-50">
              <td className={td}>
                <ProductCell row={row} language={language} />
              </td>
              <td className={td}>
                <CodeText code={row.code} />
              </td>
              <td className={`${td} text-ink-700`}>
                <AdminTime iso={row.created_at} language={language} />
              </td>
              {active ? null : (
                <td className={`${td} text-ink-700`}>
                  {row.ended.at ? <AdminTime iso={row.ended.at} language={language} /> : "—"}
                  {row.ended.reason ? (
                    <span className="mt-0.5 block text-xs text-ink-500" data-testid="ended-reason">
                      {t(`codes.ended.${row.ended.reason}`)}
                    </span>
                  ) : null}
                </td>
              )}
              <td className={td}>
                <StatusBadge status={row.status} />
              </td>
              <td className={td}>
                <div className="flex flex-wrap items-center gap-2">
                  {active ? (
                    <>
                      <QrDownload
                        codeId={row.id}
                        code={row.code}
                        productSlugName={row.product?.name ?? "product"}
                        productName={row.product ? (language === "ar" ? row.product.name_ar : row.product.name) : row.product_id}
                        brandName={root ? (language === "ar" ? root.brand.nameAr : root.brand.name) : ""}
                        brandFileName={root?.brand.name ?? "label"}
                        siteUrl={root?.brand.siteUrl ?? ""}
                      />
                      <ExpireButton row={row} />
                    </>
                  ) : (
                    <DeleteControl row={row} page={page} />
                  )}
                </div>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </AdminTable>
  );
}

export default function Codes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  const language = useRootData()?.language ?? "en";
  const navigation = useNavigation();
  const location = useLocation();
  const { tab, page, counts, pagination, codes, products, confirm } = loaderData;
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname && !navigation.formMethod;
  const tabs: { id: CodeTab; label: string; count: number }[] = [
    { id: "active", label: t("codes.tabs.active"), count: counts.active },
    { id: "expired", label: t("codes.tabs.expired"), count: counts.expired },
  ];

  return (
    <>
      <PageMeta title={t("codes.title")} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{t("codes.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t("codes.description")}</p>

      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <GenerateCard products={products} language={language} />
        <section aria-labelledby="stats-title" className="h-fit rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="stats-title" className="font-display text-xl font-semibold text-ink-900">
            {t("codes.stats.title")}
          </h2>
          <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-1">
            <div className="rounded-xl bg-accent-50 p-4" data-testid="stat-active">
              <dt className="text-sm font-medium text-accent-800">{t("codes.stats.active")}</dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums text-accent-800">{formatNumber(counts.active ?? 0, language)}</dd>
            </div>
            <div className="rounded-xl bg-sand-100 p-4" data-testid="stat-expired">
              <dt className="text-sm font-medium text-ink-700">{t("codes.stats.expired")}</dt>
              <dd className="mt-1 text-3xl font-semibold tabular-nums text-ink-900">{formatNumber(counts.expired ?? 0, language)}</dd>
            </div>
          </dl>
        </section>
      </div>

      <section id="codes-list" tabIndex={-1} aria-label={t("codes.tabs.label")} className="mt-10 focus:outline-none">
        <nav aria-label={t("codes.tabs.label")} className="mb-4 inline-flex rounded-full border border-ink-900/10 bg-white p-1 shadow-sm">
          {tabs.map((item) => {
            const current = item.id === tab;
            return (
              <Link
                key={item.id}
                to={listHref(item.id)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 ${
                  current ? "bg-accent-700 text-white" : "text-ink-700 hover:bg-sand-100"
                }`}
              >
                {item.label}
                <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${current ? "bg-white/20" : "bg-sand-100"}`}>
                  {formatNumber(item.count, language)}
                </span>
              </Link>
            );
          })}
        </nav>

        {confirm && tab === "expired" ? <NoScriptConfirm row={confirm} page={page} /> : null}

        <CodesTable rows={codes} tab={tab} page={page} loading={loading} language={language} />
        <AdminPagination
          page={page}
          totalPages={pagination.total_pages}
          totalLabel={t("pagination.totalCodes", { total: formatNumber(pagination.total_count, language) })}
          language={language}
        />
      </section>
    </>
  );
}
