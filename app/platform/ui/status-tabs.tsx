import { Link } from "react-router";

/** Tabs that filter a list by status: links (`?status=`), so they work without JavaScript. */
export function StatusTabs({ path, current, tabs, label }: { path: string; current: string; tabs: { id: string; label: string }[]; label: string }) {
  return (
    <nav aria-label={label} className="mb-4 flex flex-wrap gap-1 rounded-3xl border border-ink-900/10 bg-white p-1 shadow-sm sm:inline-flex sm:rounded-full">
      {tabs.map((tab) => {
        const selected = tab.id === current;
        return (
          <Link
            key={tab.id}
            to={tab.id === "all" ? path : `${path}?status=${tab.id}`}
            aria-current={selected ? "page" : undefined}
            preventScrollReset
            className={`inline-flex min-h-10 items-center rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 ${
              selected ? "bg-accent-700 text-white" : "text-ink-700 hover:bg-sand-100"
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </nav>
  );
}
