import type { Migration } from "kysely";
import * as codesAndScans from "./2026-11-21_01_codes_and_scans";
import * as contacts from "./2026-11-21_02_contacts";
import * as admins from "./2026-11-21_03_admins";
import * as rateLimits from "./2026-11-21_04_rate_limits";
import * as codeCountsAndTabIndex from "./2026-11-21_05_code_counts_and_tab_index";
import * as printRunsAndSealedCodes from "./2026-11-23_10_print_runs_and_sealed_codes";
import * as team from "./2026-11-23_20_team";
import * as auditLog from "./2026-11-23_21_audit_log";
import * as scanFacts from "./2026-11-23_30_scan_facts";
import * as alerts from "./2026-11-23_31_alerts";
import * as reports from "./2026-11-23_32_reports";
import * as scanPairs from "./2026-11-23_33_scan_pairs";
import * as twoPartPacks from "./2026-11-26_01_two_part_packs";
import * as scanViews from "./2026-11-26_10_scan_views";
import * as auditLogNoReplace from "./2026-11-26_20_audit_log_no_replace";
import * as secondStepLock from "./2026-11-26_21_second_step_lock";
import * as recalls from "./2026-11-27_01_recalls";
import * as apiKeys from "./2026-11-27_10_api_keys";
import * as webhookEndpoints from "./2026-11-27_20_webhook_endpoints";
import * as mailOutbox from "./2026-11-27_30_mail_outbox";
import * as adminEmail from "./2026-11-27_31_admin_email";
import * as passwordResets from "./2026-11-27_32_password_resets";
import * as registrations from "./2026-11-27_40_registrations";
import * as memberNotices from "./2026-11-27_50_member_notices";
import * as pinShapeAndWrongPins from "./2026-12-06_10_pin_shape_and_wrong_pins";
import * as registrationScans from "./2026-12-06_20_registration_scans";
import * as accountMailRequests from "./2026-12-06_21_account_mail_requests";
import * as recallHazardAndRemedy from "./2026-12-06_40_recall_hazard_and_remedy";
import * as nfcRuns from "./2026-12-06_50_nfc_runs";
import * as nfcTaps from "./2026-12-06_51_nfc_taps";

/**
 * Every migration, by name, in order. Imported statically so the bundled server carries them;
 * a landed migration is frozen: add a new file instead of editing one.
 */
export const migrations: Record<string, Migration> = {
  "2026-11-21_01_codes_and_scans": codesAndScans,
  "2026-11-21_02_contacts": contacts,
  "2026-11-21_03_admins": admins,
  "2026-11-21_04_rate_limits": rateLimits,
  "2026-11-21_05_code_counts_and_tab_index": codeCountsAndTabIndex,
  "2026-11-23_10_print_runs_and_sealed_codes": printRunsAndSealedCodes,
  "2026-11-23_20_team": team,
  "2026-11-23_21_audit_log": auditLog,
  "2026-11-23_30_scan_facts": scanFacts,
  "2026-11-23_31_alerts": alerts,
  "2026-11-23_32_reports": reports,
  "2026-11-23_33_scan_pairs": scanPairs,
  "2026-11-26_01_two_part_packs": twoPartPacks,
  "2026-11-26_10_scan_views": scanViews,
  "2026-11-26_20_audit_log_no_replace": auditLogNoReplace,
  "2026-11-26_21_second_step_lock": secondStepLock,
  "2026-11-27_01_recalls": recalls,
  "2026-11-27_10_api_keys": apiKeys,
  "2026-11-27_20_webhook_endpoints": webhookEndpoints,
  "2026-11-27_30_mail_outbox": mailOutbox,
  "2026-11-27_31_admin_email": adminEmail,
  "2026-11-27_32_password_resets": passwordResets,
  "2026-11-27_40_registrations": registrations,
  "2026-11-27_50_member_notices": memberNotices,
  "2026-12-06_10_pin_shape_and_wrong_pins": pinShapeAndWrongPins,
  "2026-12-06_20_registration_scans": registrationScans,
  "2026-12-06_21_account_mail_requests": accountMailRequests,
  "2026-12-06_40_recall_hazard_and_remedy": recallHazardAndRemedy,
  "2026-12-06_50_nfc_runs": nfcRuns,
  "2026-12-06_51_nfc_taps": nfcTaps,
};
