/**
 * A translated sentence with one value inside it, the value isolated in `<bdi>` so the text around it
 * keeps its order: left to right for a username or a code (`dir="ltr"`, the default), or in its own
 * direction for a date already written in the page's language (`ltr={false}`). `template` is the
 * translation with the value's place marked by "\u0000" (`t(key, { name: "\u0000" })`).
 */
export function Isolated({ template, value, className, ltr = true }: { template: string; value: React.ReactNode; className?: string; ltr?: boolean }) {
  const [before, after = ""] = template.split("\u0000");
  return (
    <>
      {before}
      <bdi dir={ltr ? "ltr" : undefined} className={className}>
        {value}
      </bdi>
      {after}
    </>
  );
}
