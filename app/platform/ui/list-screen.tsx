import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "./admin-pagination";
import { PageMeta } from "./page-meta";

/**
 * The frame of a brand-protection list (scans, alerts, reports): title, description, what narrows the
 * list (filters, status tabs), the table, and its pagination.
 */
export function ListScreen({
  title,
  description,
  toolbar,
  page,
  totalPages,
  totalLabel,
  children,
}: {
  title: string;
  description: string;
  toolbar: React.ReactNode;
  page: number;
  totalPages: number;
  totalLabel: string;
  children: React.ReactNode;
}) {
  const language = useLanguage();
  return (
    <>
      <PageMeta title={title} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{title}</h1>
      <p className="mt-2 max-w-3xl text-ink-700">{description}</p>
      <div className="mt-8">{toolbar}</div>
      {/* The table's own region (AdminTable) is the landmark, named by its caption: no second one around it. */}
      <div className="mt-6">
        {children}
        <AdminPagination page={page} totalPages={totalPages} totalLabel={totalLabel} language={language} />
      </div>
    </>
  );
}
