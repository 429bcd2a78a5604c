import { Spinner } from "./icons";

/** A form's primary submit button that shows a spinner and its pending label while the form is sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  className = "",
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn-primary ${className}`} disabled={pending} aria-disabled={pending || undefined}>
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
