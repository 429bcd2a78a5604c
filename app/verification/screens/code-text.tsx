import { formatCode } from "../code-format";

/** A code as admins read it: grouped, monospace, always left to right (also inside Arabic text). */
export function CodeText({ code }: { code: string }) {
  return (
    <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold tracking-wider" data-testid="code-value">
      {formatCode(code)}
    </bdi>
  );
}
