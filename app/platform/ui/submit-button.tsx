import { Spinner } from "./icons";

/** A form's primary submit button that shows a spinner and its pending label while the form is sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "",
  disabled = false,
  ...button
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
  disabled?: boolean;
  name?: string;
  value?: string;
}) {
  return (
    <button {...button} type="submit" className={`btn-primary ${className}`} disabled={pending || disabled} aria-disabled={pending || undefined}>
      {pending ? (
        <>
          <Spinner />
          {pendingLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}
