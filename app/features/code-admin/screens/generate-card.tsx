import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher, useLocation, useNavigate } from "react-router";
import { useLanguage } from "~/platform/ui/root-data";
import { useHydrated } from "~/platform/ui/admin-hooks";
import { Field } from "~/platform/ui/field";
import { ProductPicker } from "~/platform/ui/product-picker";
import { SubmitButton } from "~/platform/ui/submit-button";
import { formatCode, generateCode } from "~/platform/codes/code-format";
import { createCodeSchema } from "~/features/code-admin/schemas";
import { CODES_PATH } from "./codes-url";
import { FETCHER_FIELD, FETCHER_VALUE } from "~/platform/lib/fetcher";
import { ProductThumb } from "~/platform/ui/product-thumb";
import type { ProductOption } from "./codes-loader.server";

type CreateAnswer = { intent: string; ok: boolean; failed?: string | null; result?: SubmissionResult<string[]> };

/**
 * "Generate a code": a product picker, the code field with its Generate button, and Save. With
 * JavaScript it is a fetcher form validated in the browser; the action answers its outcome (`ok`), the
 * form resets after a save and shows the server's refusal otherwise. Without JavaScript, Generate
 * and Save are plain POSTs and the server answers the page again.
 */
export function GenerateCard({ products }: { products: ProductOption[] }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const hydrated = useHydrated();
  const { fetcher, form, fields, codeRef, submitting, answer } = useCreateCodeForm();

  const productId = fields.product_id.value;
  const code = fields.code.value ?? "";
  const selected = products.find((p) => p.id === productId);
  const canSave = !hydrated || (code.trim() !== "" && Boolean(productId) && !submitting);
  const failed = !submitting && answer?.intent === "create" && !answer.ok ? answer.failed : null;
  const generate = () => {
    form.update({ name: fields.code.name, value: formatCode(generateCode()) });
    codeRef.current?.focus();
  };

  return (
    <section aria-labelledby="generate-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="generate-title" className="font-display text-xl font-semibold text-ink-900">
        {t("codes.generate.title")}
      </h2>
      <fetcher.Form method="post" {...getFormProps(form)} className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        {/* The form's default button (Enter in the code field) saves; it never generates. */}
        <button type="submit" name="intent" value="create" hidden tabIndex={-1} />
        {hydrated ? <input type="hidden" name={FETCHER_FIELD} value={FETCHER_VALUE} /> : null}
        <ProductPicker
          field={fields.product_id}
          products={products}
          language={language}
          legend={t("codes.generate.product")}
          hint={t("codes.generate.productHint")}
        />

        <div className="flex min-w-0 flex-col gap-4">
          <CodeField field={fields.code} codeRef={codeRef} hydrated={hydrated} onGenerate={generate} />
          <SelectedProduct product={selected} />

          {failed ? (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
              {failed}
            </p>
          ) : null}

          <div>
            <SubmitButton
              name="intent"
              value="create"
              pending={submitting}
              disabled={!canSave}
              label={t("codes.generate.save")}
              pendingLabel={t("codes.generate.saving")}
              className="w-full sm:w-auto"
            />
          </div>
        </div>
      </fetcher.Form>
    </section>
  );
}

/**
 * The form's state: its fetcher (the answer of a save, or the page's answer without JavaScript), the
 * fields validated in the browser, and after a save the focus back in the code field and the Active
 * tab's first page, where the new code is.
 */
function useCreateCodeForm() {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const location = useLocation();
  const pageAnswer = useActionData() as CreateAnswer | undefined;
  const fetcher = useFetcher<CreateAnswer>({ key: "create-code" });
  const answer = fetcher.data ?? pageAnswer;
  const submitting = fetcher.state !== "idle";
  const schema = useMemo(() => createCodeSchema(t), [t]);
  const [form, fields] = useForm({
    id: "create-code",
    lastResult: submitting ? undefined : answer?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const codeRef = useRef<HTMLInputElement>(null);

  // After a save the new code is on the Active tab's first page: go there if the admin is elsewhere.
  const saved = fetcher.data?.intent === "create" && fetcher.data.ok && !submitting;
  useEffect(() => {
    if (!saved) return;
    // Ready for the next code: focus stays in the form, never falls back to the page.
    codeRef.current?.focus();
    if (location.search !== "") void navigate(CODES_PATH, { replace: true, preventScrollReset: true });
    // Only when a new answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  return { fetcher, form, fields, codeRef, submitting, answer };
}

/** The code field and its Generate button (with JavaScript it fills the field in place; without, the server does). */
function CodeField({
  field,
  codeRef,
  hydrated,
  onGenerate,
}: {
  field: FieldMetadata<string>;
  codeRef: RefObject<HTMLInputElement | null>;
  hydrated: boolean;
  onGenerate: () => void;
}) {
  const { t } = useTranslation("admin");
  const { key: codeKey, ...codeProps } = getInputProps(field, { type: "text", ariaDescribedBy: "code-hint" });
  return (
    <Field
      label={t("codes.generate.code")}
      labelFor={field.id}
      labelClassName="text-sm font-semibold text-ink-900"
      errors={field.errors}
      errorId={field.errorId}
    >
      <p id="code-hint" className="mt-1 text-sm text-ink-700">
        {t("codes.generate.codeHint")}
      </p>
      <div className="mt-3 flex gap-2">
        <input
          {...codeProps}
          key={codeKey}
          ref={codeRef}
          placeholder={t("codes.generate.placeholder")}
          dir="ltr"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-required="true"
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
            onGenerate();
          }}
          className="btn-secondary shrink-0 px-4"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M15.5 7A6 6 0 0 0 4.6 6.2M4.5 13a6 6 0 0 0 10.9.8M15.5 3v4h-4M4.5 17v-4h4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t("codes.generate.generate")}
        </button>
      </div>
    </Field>
  );
}

/** The chosen product, named and pictured (announced when it changes). */
function SelectedProduct({ product }: { product: ProductOption | undefined }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const nameOf = (p: ProductOption) => (language === "ar" ? p.nameAr : p.name);
  return (
    <div className="flex items-center gap-3 rounded-xl bg-sand-50 p-3 text-sm text-ink-700" aria-live="polite">
      <ProductThumb src={product?.image ?? null} className="size-14" />
      <span>{product ? t("codes.generate.selected", { name: nameOf(product) }) : t("codes.generate.noneSelected")}</span>
    </div>
  );
}
