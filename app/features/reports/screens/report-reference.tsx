/** A reference number, always left to right. */
export function Reference({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold">
      {value}
    </bdi>
  );
}
