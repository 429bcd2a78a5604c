import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "./field";
import { ProductThumb } from "./product-thumb";

export type PickableProduct = { id: string; name: string; nameAr: string; image: string | null };

/**
 * The product picker of the admin's forms: a native radio group showing each product's first image and
 * name in a scrollable list (a `<select>` cannot show images; radios work without JavaScript and with
 * the keyboard). The field is a Conform field; its error is shown under the list.
 */
export function ProductPicker({
  field,
  products,
  language,
  legend,
  hint,
  className = "",
}: {
  field: FieldMetadata<string>;
  products: PickableProduct[];
  language: string;
  legend: string;
  hint: string;
  className?: string;
}) {
  const hintId = `${field.id}-hint`;
  return (
    <fieldset
      role="radiogroup"
      aria-describedby={field.errors ? `${hintId} ${field.errorId}` : hintId}
      aria-invalid={field.errors ? true : undefined}
      className={`min-w-0 ${className}`}
    >
      <legend className="text-sm font-semibold text-ink-900">{legend}</legend>
      <p id={hintId} className="mt-1 text-sm text-ink-700">
        {hint}
      </p>
      <div
        data-testid="product-picker"
        className={`mt-3 grid max-h-80 gap-1 overflow-y-auto rounded-xl border bg-sand-50 p-1.5 sm:grid-cols-2 lg:grid-cols-1 ${
          field.errors ? "border-red-700" : "border-ink-900/15"
        }`}
      >
        {products.map((p) => {
          const { key, ...radio } = getInputProps(field, { type: "radio", value: p.id, ariaAttributes: false });
          return (
            <label
              key={p.id}
              className="flex cursor-pointer items-center gap-3 rounded-lg border border-transparent p-2 text-sm text-ink-900 hover:bg-white has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-700"
            >
              <input {...radio} key={key} id={`${field.id}-${p.id}`} className="size-4 shrink-0 accent-accent-700 focus-visible:outline-none" />
              <ProductThumb src={p.image} />
              <span className="min-w-0 leading-snug">{language === "ar" ? p.nameAr : p.name}</span>
            </label>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
