/**
 * A translated sentence with one left-to-right value inside it (a username, a code, a date), the
 * value isolated in `<bdi dir="ltr">` so Arabic text around it keeps its order. `template` is the
 * translation with the value's place marked by "\u0000" (`t(key, { name: "\u0000" })`).
 */
export function Isolated({ template, value, className }: { template: string; value: React.ReactNode; className?: string }) {
  const [before, after = ""] = template.split("\u0000");
  return (
    <>
      {before}
      <bdi dir="ltr" className={className}>
        {value}
      </bdi>
      {after}
    </>
  );
}
