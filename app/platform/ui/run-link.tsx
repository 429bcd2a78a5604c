import { Link } from "react-router";

/**
 * A print run as people name it: its lot (left to right, never broken) and, where the page does not
 * show it beside, its product; linked to the run's page. Never the run's id.
 */
export function RunLink({ id, lot, product, testId = "run-link" }: { id: string; lot: string; product?: string | null; testId?: string }) {
  return (
    <Link
      to={`/admin/dashboard/batches/${id}`}
      className="font-semibold text-accent-800 underline underline-offset-4 hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-700"
      data-testid={testId}
    >
      <bdi dir="ltr" className="ltr-token font-mono text-xs whitespace-nowrap">
        {lot}
      </bdi>
      {product ? <span className="ms-1.5 font-normal">({product})</span> : null}
    </Link>
  );
}
