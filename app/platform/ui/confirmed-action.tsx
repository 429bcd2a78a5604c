import { useState } from "react";
import { Form, Link, useLocation } from "react-router";
import { ConfirmDialog } from "./admin-confirm-dialog";
import { useHydrated } from "./admin-hooks";
import { Spinner } from "./icons";

const dangerButton =
  "inline-flex min-h-10 items-center gap-1.5 rounded-full border border-red-200 bg-white px-3 text-sm font-semibold text-red-800 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-60";
const danger = "btn-primary bg-red-700 hover:bg-red-800 focus-visible:outline-red-700";

/**
 * This page's address (its page and filters kept) with `param` set to a value and the fragment of
 * its confirmation step, or with `param` taken away (the way back from the step).
 */
export function useConfirmHref(param: string): (value: string | null, hash?: string) => string {
  const { pathname, search } = useLocation();
  return (value, hash = "") => {
    const params = new URLSearchParams(search);
    if (value) params.set(param, value);
    else params.delete(param);
    const query = params.toString();
    return `${pathname}${query ? `?${query}` : ""}${hash}`;
  };
}

/** What a confirmation says: its title, its body naming the thing, and its two choices. */
export type ConfirmWords = { title: string; body: React.ReactNode; confirm: string; cancel: string };

function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * A destructive row action after a confirmation that names the thing (disable a member, end a
 * session): a modal dialog with JavaScript (Cancel has the focus); without it, a link to `noScriptHref`
 * (this page with the thing in its query and `#confirm-…`), where the server renders ConfirmStep.
 */
export function ConfirmedAction({
  button,
  label,
  words,
  fields,
  noScriptHref,
  pending = false,
  fallbackFocus,
}: {
  button: string;
  label: string;
  words: ConfirmWords;
  fields: Record<string, string>;
  noScriptHref: string;
  pending?: boolean;
  fallbackFocus?: () => HTMLElement | null;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <Link to={noScriptHref} aria-label={label} className={dangerButton}>
        {button}
      </Link>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={label} aria-haspopup="dialog" className={dangerButton} disabled={pending}>
        {button}
      </button>
      <ConfirmDialog open={open} onClose={() => setOpen(false)} title={words.title} fallbackFocus={fallbackFocus}>
        <p className="mt-3 text-ink-700">{words.body}</p>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3" onSubmit={() => setOpen(false)}>
          <HiddenFields fields={fields} />
          {/* The safe choice has the focus when the dialog opens. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="button" className="btn-secondary" onClick={() => setOpen(false)} autoFocus>
            {words.cancel}
          </button>
          <button type="submit" className={danger} disabled={pending}>
            {pending ? <Spinner /> : null}
            {words.confirm}
          </button>
        </Form>
      </ConfirmDialog>
    </>
  );
}

/**
 * The confirmation step without JavaScript, rendered by the server at the top of its list: `id` is the
 * fragment the action's link points at (the browser moves there; the heading is focusable); the form
 * posts to `back` (this page without the pending confirmation), Cancel goes there.
 */
export function ConfirmStep({ id, words, fields, back }: { id: string; words: ConfirmWords; fields: Record<string, string>; back: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} tabIndex={-1} className="mb-4 rounded-2xl border border-red-200 bg-red-50 p-5">
      <h2 id={`${id}-title`} className="font-display text-lg font-semibold text-red-900">
        {words.title}
      </h2>
      <p className="mt-3 text-ink-700">{words.body}</p>
      <Form method="post" action={back} className="mt-4 flex flex-wrap gap-3">
        <HiddenFields fields={fields} />
        <button type="submit" className={danger}>
          {words.confirm}
        </button>
        <Link to={back} className="btn-secondary">
          {words.cancel}
        </Link>
      </Form>
    </section>
  );
}
