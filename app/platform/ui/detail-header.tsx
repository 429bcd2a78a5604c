import { Link } from "react-router";
import { PageMeta } from "./page-meta";

/** "← All alerts": back to a list from one of its items (the arrow turns in right-to-left pages). */
function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p>
      <Link to={to} className="text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{" "}
        {label}
      </Link>
    </p>
  );
}

/** The top of an item's page: its title (for the tab and the heading), the way back to the list, a status badge. */
export function DetailHeader({ title, heading, back, backLabel, badge }: { title: string; heading?: React.ReactNode; back: string; backLabel: string; badge: React.ReactNode }) {
  return (
    <>
      <PageMeta title={title} noindex />
      <BackLink to={back} label={backLabel} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold text-ink-900">{heading ?? title}</h1>
        {badge}
      </div>
    </>
  );
}
