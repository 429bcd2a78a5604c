import type { ReactNode } from "react";
import { Link } from "react-router";

/** The buttons under a list's filters: apply them, clear them (back to `clearTo`), and any download after. */
export function FilterActions({ applyLabel, clearLabel, clearTo, className, children }: { applyLabel: string; clearLabel: string; clearTo: string; className: string; children?: ReactNode }) {
  return (
    <div className={className}>
      <button type="submit" className="btn-primary">
        {applyLabel}
      </button>
      <Link to={clearTo} className="btn-secondary">
        {clearLabel}
      </Link>
      {children}
    </div>
  );
}
