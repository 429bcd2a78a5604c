import { useTranslation } from "react-i18next";
import { formatCode } from "~/platform/codes/code-format";

/**
 * A code as admins read it: grouped, monospace, always left to right (also inside Arabic text). A
 * masked code (`••••-••••`, decisions 149 and 170) says so to a screen reader.
 */
export function CodeText({ code, masked = false, testId = "code-value" }: { code: string; masked?: boolean; testId?: string }) {
  const { t } = useTranslation("admin");
  return (
    <>
      <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold tracking-wider" data-testid={testId}>
        {formatCode(code)}
      </bdi>
      {masked ? <span className="sr-only"> {t("codes.maskedHint")}</span> : null}
    </>
  );
}
