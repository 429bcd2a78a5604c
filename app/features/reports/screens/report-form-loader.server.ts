import { data, type RouterContextProvider } from "react-router";
import { formatDateTime } from "~/platform/i18n/format";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import { countryOptions } from "~/platform/i18n/countries";
import { addDays, dayOf } from "~/platform/lib/days";
import { shownInput } from "~/platform/codes/messages";
import { shownOutcome } from "~/platform/codes/outcomes";
import { findScan } from "~/features/check/scan-writer.server";
import { isReference } from "../reports.server";
import type { ReportPageView } from "./report-form-screen";

/** The report page for a scan: 404 for an unknown scan; the confirmation when `?sent=` holds a reference. */
export async function loadReportPage(request: Request, context: Readonly<RouterContextProvider>, scanId: string | undefined): Promise<ReportPageView> {
  const scan = scanId ? await findScan(scanId) : undefined;
  if (!scan) throw data(null, { status: 404 });
  const language = requestLanguage(context);
  const sent = new URL(request.url).searchParams.get("sent");
  // An NFC tag's copied or forged link says so (issue 41); every other answer as it was stored.
  const shown = shownOutcome(scan);
  const today = dayOf(new Date());
  return {
    scanId: scan.id,
    code: shownInput({ input: scan.input, packSerial: scan.pack_serial }),
    outcome: shown === "replayed" || shown === "bad_mac" ? shown : scan.outcome,
    checkedAt: formatDateTime(scan.created_at, language, { timeZone: "UTC" }),
    country: scan.country,
    countries: countryOptions(language),
    today,
    latest: addDays(today, 1),
    // Any well-formed reference (a honeypot's too): it says nothing beyond what its sender was told.
    sent: isReference(sent) ? sent : null,
  };
}
