import { Fragment, type ReactNode } from "react";
import { bidiParts } from "~/platform/lib/bidi";

/**
 * A message built with `~/platform/lib/bidi` (isolates around its values) as markup: every isolated value
 * becomes a `<bdi dir="ltr">` (codes, phone numbers, e-mails, lots; never broken across lines) or a
 * `<bdi>` (dates), so it keeps its own order inside Arabic text. `value` may draw an isolated value differently (a code in
 * monospace, say); it gets the value's text and direction.
 */
export function BidiText({
  text,
  value,
}: {
  text: string;
  value?: (text: string, dir: "ltr" | "auto") => ReactNode;
}) {
  return (
    <>
      {bidiParts(text).map((part, i) =>
        part.isolate === undefined ? (
          <Fragment key={i}>{part.text}</Fragment>
        ) : value ? (
          <Fragment key={i}>{value(part.text, part.isolate)}</Fragment>
        ) : part.isolate === "ltr" ? (
          <bdi key={i} dir="ltr" className="ltr-token whitespace-nowrap">
            {part.text}
          </bdi>
        ) : (
          <bdi key={i}>{part.text}</bdi>
        ),
      )}
    </>
  );
}
