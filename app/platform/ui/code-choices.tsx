import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList } from "./field";

const box = "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-ink-900/15 bg-white p-3 text-sm has-[:checked]:border-accent-700 has-[:checked]:bg-accent-50";

/**
 * A Conform checkbox group of machine names (API key scopes, webhook events): a legend and a hint,
 * then one box per option with its label and its name as written (left to right, monospace), then
 * the group's errors.
 */
export function CodeChoices<V extends string>({
  meta,
  options,
  labelOf,
  legend,
  hint,
  hintId,
}: {
  meta: FieldMetadata<string[] | undefined>;
  options: readonly V[];
  labelOf: (value: V) => string;
  legend: string;
  hint: string;
  hintId: string;
}) {
  return (
    <fieldset aria-describedby={meta.errors ? `${meta.errorId} ${hintId}` : hintId} className="min-w-0">
      <legend className="mb-1 text-sm font-semibold text-ink-900">{legend}</legend>
      <p id={hintId} className="mb-2 text-sm text-ink-700">
        {hint}
      </p>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {getCollectionProps(meta, { type: "checkbox", options: [...options] }).map(({ key, ...props }) => (
          <label key={key} className={box}>
            <input {...props} className="mt-0.5 size-4 accent-accent-700" />
            <span>
              <span className="block text-ink-900">{labelOf(props.value as V)}</span>
              <bdi dir="ltr" className="font-mono text-xs text-ink-700">
                {props.value}
              </bdi>
            </span>
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
