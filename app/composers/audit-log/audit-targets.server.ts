import { alertsByIds } from "~/features/alerts/alerts.server";
import type { TargetLabel, TargetLabeler } from "~/composers/audit-log/target-labels";
import { targetsByKind } from "~/composers/audit-log/target-labels";
import { runsByLot } from "~/features/batches/batches.server";
import { getProduct, productName } from "~/platform/catalog/catalog";
import { fixedT } from "~/platform/i18n/i18n.server";
import { isolated } from "~/platform/lib/bidi";
import { reportsByIds } from "~/features/reports/reports.server";
import { membersByUsername } from "~/features/team/members.server";
import { formatCode } from "~/platform/codes/code-format";
import { shownCodesByIds } from "~/features/code-admin/codes.server";
import { codesHref } from "~/features/code-admin/screens/codes-url";

const ADMIN = "/admin/dashboard";

/**
 * The audit trail's targets named for people (decision 163): one query per kind on the page, never
 * one per row. "batch:LOT-7" → "print run LOT-7 (Hydra Calm)" linked to the run; "alert:…" → "alert:
 * Suspected clone, code ABCD-1234"; "report:…" → its reference; "admin:sara" → "member sara" (the
 * team screen); "code:…" (an id, or the code itself) → "code ABCD-1234"; "api_key:…" → "API key
 * ab12…". A target whose thing is gone is named without a link where its key is readable (a lot, a
 * username, a code), and left raw otherwise (an alert's or a report's id).
 */
export const labelAuditTargets: TargetLabeler = async (targets, language) => {
  const t = fixedT(language, "audit");
  const tp = fixedT(language, "protection");
  const kinds = targetsByKind(targets);
  const keys = (kind: string) => kinds.get(kind) ?? [];
  const codeIds = keys("code").filter((key) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key));
  const [runs, alerts, reports, members, codes] = await Promise.all([
    runsByLot(keys("batch")),
    alertsByIds(keys("alert")),
    reportsByIds(keys("report")),
    membersByUsername(keys("admin")),
    shownCodesByIds(codeIds),
  ]);
  const labels = new Map<string, TargetLabel>();
  const set = (kind: string, key: string, text: string, href: string | null) => labels.set(`${kind}:${key}`, { text, href });

  for (const lot of keys("batch")) {
    const run = runs.find((r) => r.lot === lot);
    const product = run?.product_id ? getProduct(run.product_id) : undefined;
    const text = product ? t("targets.run", { ...isolated({ lot }), product: productName(product, language) }) : t("targets.runNoProduct", isolated({ lot }));
    set("batch", lot, text, run ? `${ADMIN}/batches/${run.id}` : null);
  }
  for (const alert of alerts) {
    const kind = tp(`alerts.kinds.${alert.kind}`);
    set("alert", alert.id, alert.code ? t("targets.alertCode", { kind, ...isolated({ code: formatCode(alert.code) }) }) : t("targets.alert", { kind }), `${ADMIN}/alerts/${alert.id}`);
  }
  for (const report of reports) set("report", report.id, t("targets.report", isolated({ reference: report.reference })), `${ADMIN}/reports/${report.id}`);
  for (const username of keys("admin")) {
    const member = members.some((m) => m.username === username);
    set("admin", username, t("targets.member", isolated({ username })), member ? `${ADMIN}/team` : null);
  }
  for (const key of keys("code")) {
    const code = codes.find((c) => c.id === key);
    if (code) set("code", key, t("targets.code", isolated({ code: formatCode(code.shown) })), codesHref(code.tab, 1, { code: code.shown }));
    else if (!codeIds.includes(key)) set("code", key, t("targets.code", isolated({ code: formatCode(key) })), null);
  }
  for (const prefix of keys("api_key")) set("api_key", prefix, t("targets.apiKey", isolated({ prefix })), null);
  return labels;
};
