/**
 * Every action the audit trail records (decision 101), grouped for the filter on the audit screen;
 * each has its label in the "audit" dictionary (`actions.<name>`). A feature that records a new kind
 * of action adds one line here.
 */
export const AUDIT_ACTIONS = [
  "sign_in.success",
  "sign_in.failure",
  "sign_in.locked",
  "sign_in.mfa_required",
  "sign_in.second_step_locked",
  "session.refresh_reused",
  "sign_out",
  "account.password_changed",
  "account.mfa_enabled",
  "account.mfa_disabled",
  "account.recovery_codes_renewed",
  "account.session_ended",
  "account.other_sessions_ended",
  "account.email_changed",
  "account.notices_changed",
  "account.password_reset_requested",
  "account.password_reset",
  "account.sign_in_link_requested",
  "account.sign_in_link_used",
  "team.member_added",
  "team.role_changed",
  "team.member_disabled",
  "team.member_enabled",
  "team.password_reset",
  "team.invitation_accepted",
  "team.mfa_requirement_changed",
  "team.second_step_unlocked",
  "team.email_changed",
  "code.created",
  "code.expired",
  "code.deleted",
  "codes.read",
  "codes.searched",
  "batch.created",
  "batch.revoked",
  "batch.exported",
  "batch.recalled",
  "batch.recall_updated",
  "batch.recall_lifted",
  "registrations.read",
  "registrations.exported",
  "scans.exported",
  "alert.status_changed",
  "report.status_changed",
  "access.denied",
  "request.refused",
  "api.token_refused",
  "team.change_refused",
  "audit.refusals_limited",
  "audit.exported",
  "api_key.created",
  "api_key.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.secret_rotated",
  "webhook.tested",
  "webhook.redelivered",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === "string" && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export const AUDIT_OUTCOMES = ["success", "failure", "refused"] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
