/**
 * What a shopper typed, as stored (normalised): always left to right, monospace, and only ever as
 * text (React escapes it), however odd it is.
 */
export function ScanCode({ code }: { code: string | null }) {
  if (!code) return <span>—</span>;
  return (
    <bdi dir="ltr" className="ltr-token inline-block max-w-[14rem] truncate align-bottom font-mono text-sm font-semibold tracking-wider" title={code} data-testid="scan-code">
      {code}
    </bdi>
  );
}
