import { AdminTable, AdminTableMessage, stickyEnd, th } from "./admin-table";

/**
 * An admin list as a table: its column headings, then a loading row, an empty row, or the rows
 * (each drawn by the caller, `<tr>` and all). Scrolls sideways on phones (AdminTable).
 */
export function DataTable<T>({
  caption,
  headings,
  rows,
  renderRow,
  loading = false,
  loadingLabel,
  empty,
  minWidth,
  actionsLast = false,
}: {
  caption: string;
  /** Column headings; an empty string is a column named only for screen readers by `srOnly`. */
  headings: (string | { srOnly: string })[];
  rows: readonly T[];
  renderRow: (row: T) => React.ReactNode;
  loading?: boolean;
  loadingLabel?: string;
  empty: string;
  minWidth?: string;
  /** The last column holds each row's actions: it stays in view on a phone (its cells take `actionsCell`). */
  actionsLast?: boolean;
}) {
  return (
    <AdminTable caption={caption} busy={loading} minWidth={minWidth}>
      <thead>
        <tr>
          {headings.map((heading, i) => (
            <th key={i} scope="col" className={actionsLast && i === headings.length - 1 ? `${th} ${stickyEnd}` : th}>
              {typeof heading === "string" ? heading : <span className="sr-only">{heading.srOnly}</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <AdminTableMessage colSpan={headings.length} loading>
            {loadingLabel ?? caption}
          </AdminTableMessage>
        ) : rows.length === 0 ? (
          <AdminTableMessage colSpan={headings.length}>{empty}</AdminTableMessage>
        ) : (
          rows.map(renderRow)
        )}
      </tbody>
    </AdminTable>
  );
}
