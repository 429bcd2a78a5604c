/**
 * The one way a form field is laid out: its label, the control, an optional hint and its errors. The
 * control itself comes from the form (Conform's `getInputProps` gives it its id, name, default value,
 * `aria-invalid` and an `aria-describedby` that names the hint and the errors).
 */
export function Field({
  label,
  labelFor,
  hint,
  hintId,
  errors,
  errorId,
  errorTestId,
  errorRole,
  className,
  labelClassName = "block font-medium",
  children,
}: {
  label: React.ReactNode;
  labelFor: string;
  hint?: React.ReactNode;
  hintId?: string;
  errors?: readonly string[] | null;
  errorId: string;
  errorTestId?: string;
  errorRole?: "alert";
  className?: string;
  labelClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={labelFor} className={labelClassName}>
        {label}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-ink-500">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} testId={errorTestId} role={errorRole} />
    </div>
  );
}

/** A field's (or a form's) error: its first message (one clear thing to fix at a time), or nothing. */
export function ErrorList({
  id,
  errors,
  testId,
  role,
}: {
  id?: string;
  errors?: readonly string[] | null;
  testId?: string;
  role?: "alert";
}) {
  if (!errors || errors.length === 0) return null;
  return (
    <p id={id} className="field-error" data-testid={testId} role={role}>
      {errors[0]}
    </p>
  );
}
