import { useTranslation } from "react-i18next";
import { Spinner } from "./icons";

/**
 * A table that scrolls sideways on narrow screens instead of crowding its columns, with a visible
 * hint and a keyboard-focusable scroll region.
 */
export function AdminTable({
  caption,
  minWidth = "44rem",
  busy = false,
  stackOnPhones = false,
  children,
}: {
  caption: string;
  minWidth?: string;
  busy?: boolean;
  /** Below md each row is laid out as a card by its cells' own classes (`stacked*` below): nothing scrolls sideways. */
  stackOnPhones?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="relative">
      {stackOnPhones ? null : (
        <p className="mb-2 flex items-center gap-1.5 text-xs text-ink-500 md:hidden">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M3 10h14M13 6l4 4-4 4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t("codes.table.scrollHint")}
        </p>
      )}
      {/* A scrollable region is focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
          It is positioned: visually hidden text in its cells (sr-only is absolutely positioned) stays inside
          it, instead of widening the page from the wrapper (the page opened blank at 390 px in Arabic). */}
      <section
        aria-label={caption}
        aria-busy={busy || undefined}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className="relative overflow-x-auto rounded-2xl border border-ink-900/10 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-accent-700"
      >
        <table
          className={`w-full border-collapse text-sm transition-opacity ${busy ? "opacity-60" : ""} ${stackOnPhones ? "max-md:block max-md:[&>tbody]:block max-md:[&>thead]:sr-only" : ""}`}
          style={stackOnPhones ? undefined : { minWidth }}
        >
          <caption className="sr-only">{caption}</caption>
          {children}
        </table>
      </section>
    </div>
  );
}

/** A row of a stacked table: a card below md (a grid its cells place themselves in), a table row above. */
export const stackedRow = "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1 max-md:border-t max-md:border-ink-900/10 max-md:p-4";
/** A cell of a stacked row: no borders or padding of its own below md. */
export const stackedCell = "max-md:border-0 max-md:p-0";

/**
 * The column of a row's actions (its heading and its cells) in a table that scrolls sideways: on a phone
 * it stays at the end of the visible part, so a row's buttons are reachable without scrolling the row
 * (a line on its start side, drawn as a shadow: a collapsed border would stay behind).
 */
export const stickyEnd = "max-md:sticky max-md:end-0 max-md:z-[1] max-md:w-px max-md:shadow-[inset_1px_0_0_rgb(42_33_27/0.12)] max-md:rtl:shadow-[inset_-1px_0_0_rgb(42_33_27/0.12)]";
/** A cell of that column (a heading has its own background); its buttons and links each stay on one line. */
export const actionsCell = `${stickyEnd} max-md:bg-white max-md:[&_a]:whitespace-nowrap max-md:[&_button]:whitespace-nowrap`;

export const th = "bg-sand-100 px-4 py-3 text-start text-xs font-semibold uppercase tracking-wide text-ink-700";
export const td = "border-t border-ink-900/10 px-4 py-3 align-middle text-ink-900";

/** A full-width row: the empty state or the loading state of a table. */
export function AdminTableMessage({ colSpan, children, loading = false }: { colSpan: number; children: React.ReactNode; loading?: boolean }) {
  return (
    <tr>
      <td colSpan={colSpan} className="border-t border-ink-900/10 py-10 text-ink-700">
        {/* On a phone the table scrolls sideways: the message stays centred in the visible part. */}
        <div className="sticky start-0 flex w-[calc(100vw-2rem-2px)] max-w-full justify-center px-4 text-center md:w-auto">
          <span className="inline-flex items-center gap-2" role={loading ? "status" : undefined}>
            {loading ? <Spinner /> : null}
            {children}
          </span>
        </div>
      </td>
    </tr>
  );
}
