import { grouped } from "~/platform/lib/grouped";

/**
 * What a shopper typed, as stored (normalised): always left to right, monospace, and only ever as
 * text (React escapes it), however odd it is. A pack's serial (`grouped`) is shown as printed, in
 * fours with its hyphens, and never wraps.
 */
export function ScanCode({ code, grouped: asPrinted = false }: { code: string | null; grouped?: boolean }) {
  if (!code) return <span>—</span>;
  const shown = asPrinted ? grouped(code) : code;
  return (
    <bdi dir="ltr" className="ltr-token inline-block max-w-[14rem] truncate whitespace-nowrap align-bottom font-mono text-sm font-semibold tracking-wider" title={shown} data-testid="scan-code">
      {shown}
    </bdi>
  );
}
