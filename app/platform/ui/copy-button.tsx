import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./admin-hooks";

/**
 * Copies `text` to the clipboard, then says so in a live region. Only with JavaScript (and a
 * clipboard): without it the text beside it is selectable as a whole (`select-all`).
 */
export function CopyButton({ text, label, className = "" }: { text: string; label: string; className?: string }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  if (!hydrated || typeof navigator === "undefined" || !navigator.clipboard) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(t("copy.done"));
    } catch {
      setSaid(t("copy.failed"));
    }
  };
  return (
    <span className={`inline-flex flex-wrap items-center gap-3 ${className}`}>
      <button type="button" className="btn-secondary" onClick={() => void copy()} data-testid="copy-button">
        {label}
      </button>
      <span role="status" className="text-sm text-ink-700" data-testid="copy-status">
        {said}
      </span>
    </span>
  );
}
