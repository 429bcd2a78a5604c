import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "./field";

/**
 * A labelled text or password input of a Conform form, with its hint and its first error: the one
 * `Field` layout with the control Conform describes (id, name, `aria-invalid`, `aria-describedby`).
 */
export function InputField({
  meta,
  label,
  type = "text",
  hint,
  ltr = false,
  ...input
}: {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "password" | "date";
  hint?: string;
  /** Codes, usernames, dates: typed and shown left to right, also in Arabic. */
  ltr?: boolean;
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, "autoComplete" | "placeholder" | "inputMode" | "required" | "className" | "spellCheck" | "autoCapitalize">) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const { key, ...props } = getInputProps(meta, { type, ariaDescribedBy: hintId, value: type !== "password" });
  return (
    <Field label={label} labelFor={meta.id} labelClassName="mb-1.5 block text-sm font-semibold text-ink-900" hint={hint} hintId={hintId} errors={meta.errors} errorId={meta.errorId}>
      <input {...props} key={key} dir={ltr ? "ltr" : undefined} {...input} className={`field-input text-start ${input.className ?? ""}`} />
    </Field>
  );
}
