import type { Generated, Selectable } from "kysely";

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC text (`new Date().toISOString()`),
 * chosen once for every table so the same queries run on PostgreSQL later. Nullable columns are
 * `T | null`, never optional; `Generated<T>` marks a column the database fills with its default when
 * an insert leaves it out (added to a table that already had writers).
 */
export interface Database {
  codes: CodesTable;
  scans: ScansTable;
  contacts: ContactsTable;
  admins: AdminsTable;
  refresh_tokens: RefreshTokensTable;
  admin_sessions: AdminSessionsTable;
  recovery_codes: RecoveryCodesTable;
  invitations: InvitationsTable;
  mfa_challenges: MfaChallengesTable;
  app_settings: AppSettingsTable;
  /** Append-only: the database refuses UPDATE and DELETE (migration 2026-11-23_21). */
  audit_log: AuditLogTable;
  /** Owned by rate-limiter-flexible (see app/platform/http/rate-limit.server.ts). */
  rate_limits: { key: string; points: number; expire: number | null };
  /** Codes per status, kept exact by triggers on `codes` (migration 05): counts without a scan. */
  code_counts: { status: CodeStatus; n: number };
  batches: BatchesTable;
  /** Fingerprint of the key the codes are sealed with (decision 081); a start with another key stops. */
  code_keys: { fingerprint: string; created_at: string };
  /** Checks per UTC day and outcome, overall and per product, batch and country (migration 30). */
  scan_daily: ScanDailyTable;
  scan_daily_country: ScanDailyCountryTable;
  alerts: AlertsTable;
  alert_scans: { alert_id: string; scan_id: string; created_at: string };
  /** One row per client and verification-limit window in which it was refused. */
  verify_limit_hits: { client_hash: string; window_end: string; created_at: string };
  webhook_deliveries: WebhookDeliveriesTable;
  /** Leases and last runs of scheduled jobs (one runner per day across workers and instances). */
  job_runs: JobRunsTable;
  reports: ReportsTable;
  report_notes: ReportNotesTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  registrations: RegistrationsTable;
  /** The address (keyed hash) each genuine scan signed up, its only one (migration 2026-12-06_20, issue 42). */
  registration_scans: { scan_id: string; address_hash: string; created_at: string };
  /** The mail outbox (decision 161): one row per mail, sent after the commit. */
  mail_outbox: MailOutboxTable;
  /** Requests for a mail about a staff account, done by the outbox's loop after the answer (migration 2026-12-06_21, issue 42). */
  account_mail_requests: AccountMailRequestsTable;
  /** "Forgot your password?" links: single-use, 30 minutes, the token as a keyed hash (decision 161). */
  password_resets: { id: string; admin_id: string; token_hash: string; created_at: string; expires_at: string; used_at: string | null };
}

export type CodeStatus = "active" | "expired" | "revoked";

export interface CodesTable {
  id: string;
  /**
   * Keyed hash (HMAC-SHA-256, base64url) of the normalised code (upper case A-Z and 0-9): what every
   * lookup uses. Unique. The code itself is never stored in plain text (decision 081).
   */
  code_hash: string;
  /** The normalised code sealed with AES-256-GCM (~/platform/lib/code-seal.mjs), for admins' screens and prints. */
  code_enc: string;
  product_id: string;
  /** The print run the code belongs to, and its place (1..N) in it; null for codes made one by one. */
  batch_id: string | null;
  serial: number | null;
  /**
   * A two-part run's pack: its public serial (printed in clear and in the QR), unique; null for codes.
   * The pack's `code_hash` is the keyed hash of `SERIAL/PIN` and its `code_enc` seals that text: the
   * PIN is the secret, never stored in plain (issue 27).
   */
  pack_serial: string | null;
  status: CodeStatus;
  created_at: string;
  /** Set when an admin expires the code. */
  expired_at: string | null;
  /** Set when a shopper's check consumed the code (an NFC tag's: its first genuine tap). */
  verified_at: string | null;
  /** An NFC tag's highest SUN read counter accepted (null before its first genuine tap; null for codes and packs). */
  tag_counter: Generated<number | null>;
  /** An NFC tag's genuine taps (0 for codes and packs). */
  tag_taps: Generated<number>;
}

/** A scan's outcome as stored in `scans.outcome` (its CHECK constraint). */
export type StoredScanOutcome = "valid" | "used" | "unknown" | "expired" | "revoked";
/**
 * A scan's outcome as the product shows and counts it: `recalled` is a stored `valid` with
 * `scans.recalled = 1` (decision 153), `wrong_pin` a stored `unknown` with `scans.wrong_pin = 1`
 * (decision 165; `shownOutcome` in app/platform/codes/outcomes.ts); a tap's `replayed` a stored `used`
 * and its `bad_mac` a stored `unknown` of a known tag (decision 196). All are stored as such in the
 * daily aggregates.
 */
export type ScanOutcome = StoredScanOutcome | "recalled" | "wrong_pin" | "replayed" | "bad_mac";
/** `check`: a code checked or a pack's PIN redeemed (what consumes); `view`: a pack's public page (never consumes). */
export type ScanKind = "check" | "view";
/** A scan's kind as the product shows and counts it: a tap of an NFC tag is a stored `check` with `scans.tap = 1` (decision 196). */
export type ShownScanKind = ScanKind | "tap";

export interface ScansTable {
  /** Unguessable id used in the result URL. */
  id: string;
  created_at: string;
  /** Normalised input, capped. */
  input: string;
  code_id: string | null;
  outcome: StoredScanOutcome;
  /** The matched code's product, copied at check time (the result view never changes). */
  product_id: string | null;
  /** When the matched code was first verified (this check for "valid", an earlier one for "used"). */
  verified_at: string | null;
  /** The matched code's print run, copied at check time (null for single codes and unknown input). */
  batch_id: string | null;
  lang: string;
  /** Keyed hash of the client address; never the raw address. */
  client_hash: string;
  user_agent: string;
  /** ISO 3166-1 alpha-2 country of the client address (offline GeoIP); null for private or unknown addresses. */
  country: string | null;
  kind: Generated<ScanKind>;
  /** The pack serial a view or a PIN redemption named (normalised); null for a code's check. */
  pack_serial: string | null;
  /** 1: a check that consumed a code of a run under an open recall (stored outcome `valid`, shown as `recalled`); else 0. */
  recalled: Generated<number>;
  /** 1: a redemption of a pack we made with a PIN that is not its own (stored outcome `unknown`, shown as `wrong_pin`); else 0. */
  wrong_pin: Generated<number>;
  /** 1: a tap of an NFC tag (stored kind `check`, shown and counted as kind `tap`, decision 196); else 0. */
  tap: Generated<number>;
  /** The SUN read counter a tap carried; null for other scans and for a tap whose PICCData could not be read. */
  tag_counter: Generated<number | null>;
}

export type ScanDimension = "all" | "product" | "batch" | "country";

export interface ScanDailyTable {
  dim: ScanDimension;
  /** The product id, batch id or country code ('' for "all" and for scans without a country). */
  value: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  outcome: ScanOutcome;
  /** Checks (codes checked, PINs redeemed). */
  n: number;
  /** Views of packs' public pages (scans of kind `view`), counted apart from checks. */
  views: Generated<number>;
  /** Taps of NFC tags (scans shown as kind `tap`), counted apart from checks and views. */
  taps: Generated<number>;
}

/** Checks (and, apart, views) per day and outcome of one product or print run in one country (the log's filters in pairs). */
export interface ScanDailyCountryTable {
  dim: "product" | "batch";
  /** The product id or batch id. */
  value: string;
  /** ISO 3166-1 alpha-2, or '' for scans without a country. */
  country: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  outcome: ScanOutcome;
  n: number;
  views: Generated<number>;
  /** Taps of NFC tags (scans shown as kind `tap`), counted apart from checks and views. */
  taps: Generated<number>;
}

export type AlertKind = "clone" | "guessing" | "market";
export type AlertStatus = "open" | "acknowledged" | "closed";

export interface AlertsTable {
  id: string;
  kind: AlertKind;
  /** What the alert is about: clone:<code id>, market:<code id>, guessing:spike, guessing:client:<hash>, guessing:pack:<serial>. */
  subject: string;
  status: AlertStatus;
  code_id: string | null;
  /** The code as checked (normalised), for clone and market alerts; the pack's serial for a pack's alerts. */
  code: string | null;
  product_id: string | null;
  batch_id: string | null;
  /** JSON: what raised it (see app/features/alerts/signals.server.ts). */
  detail: string;
  scans_count: number;
  created_at: string;
  updated_at: string;
  acknowledged_at: string | null;
  acknowledged_by: string | null;
  closed_at: string | null;
  closed_by: string | null;
}

/**
 * The columns every outbox table has (decision 159): what app/platform/outbox/outbox.server.ts reads and writes
 * to lease, send, retry and record a row.
 */
export interface OutboxColumns {
  id: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string;
  /** A worker sending it holds it until then. */
  lease_until: string | null;
  /** The receiver's last status (HTTP, or the SMTP server's reply code). */
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookDeliveriesTable extends OutboxColumns {
  /** The managed endpoint it goes to; null for the one ALERT_WEBHOOK_URL defines (migration 2026-11-27_20). */
  endpoint_id: string | null;
  /** `alert.created`, `report.created`, … or `ping` (a test event). */
  event: string;
  /** The event's id, the same in every endpoint's delivery of it (and in a redelivery). */
  event_id: string;
  /** The record the event is about (an alert, a report, a run), when there is one. */
  subject_id: string | null;
  url: string;
  /** The exact JSON body sent (and signed) on every attempt. */
  payload: string;
  /** How long the last attempt took, in milliseconds. */
  duration_ms: number | null;
}

/** A webhook endpoint an owner manages (decision 160). */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** The events it takes, space-separated. */
  events: string;
  /** 0/1. */
  enabled: number;
  /** The signing secret, sealed (AES-256-GCM): it signs every delivery, so it is kept, not hashed. */
  secret_enc: string;
  /** After a rotation, the secret before it, also signing until `previous_secret_until`. */
  previous_secret_enc: string | null;
  previous_secret_until: string | null;
  created_at: string;
  created_by: string;
  updated_at: string;
}

export interface AccountMailRequestsTable extends OutboxColumns {
  kind: "password_reset" | "sign_in_link";
  /** What was typed (a username or an address), emptied once the request is done. */
  identifier: string;
  client_hash: string;
  lang: string;
}

export interface MailOutboxTable extends OutboxColumns {
  recipient: string;
  subject: string;
  /** The parts as rendered; emptied once delivered (a mail may carry a single-use link). */
  html: string;
  text: string;
  /** Extra headers, a JSON object of strings (`List-Unsubscribe`…). */
  headers: string;
}

export interface JobRunsTable {
  name: string;
  /** The UTC day of the last completed run. */
  last_day: string | null;
  lease_holder: string | null;
  lease_until: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** JSON summary of the last run. */
  result: string | null;
}

export type ReportStatus = "new" | "investigating" | "closed";

export interface ReportsTable {
  id: string;
  /** What the shopper is given: CR-XXXX-XXXX. */
  reference: string;
  status: ReportStatus;
  scan_id: string | null;
  code_id: string | null;
  /** Copied from the scan when the report was made. */
  outcome: ScanOutcome;
  code: string;
  product_id: string | null;
  batch_id: string | null;
  scan_country: string | null;
  scanned_at: string;
  seller: string;
  city: string;
  /** Where it was bought: ISO 3166-1 alpha-2. */
  country: string;
  /** YYYY-MM-DD. */
  purchased_on: string;
  /** A phone number or an e-mail address for a reply. */
  contact: string | null;
  consent_at: string | null;
  /** Random file name under DATA_DIR/reports/. */
  photo_name: string | null;
  photo_type: string | null;
  photo_bytes: number | null;
  lang: string;
  client_hash: string;
  created_at: string;
  updated_at: string;
}

export interface ReportNotesTable {
  id: string;
  report_id: string;
  /** The admin who changed the status or wrote the note. */
  author: string;
  status_from: ReportStatus;
  status_to: ReportStatus;
  note: string | null;
  created_at: string;
}

export type BatchStatus = "active" | "revoked";
/** `single`: one code per pack; `two_part`: a public serial and a secret PIN per pack (issue 27). */
/** `nfc`: NTAG 424 DNA tags, one per pack (issue 41). */
export type LabelKind = "single" | "two_part" | "nfc";
export type RevokeReason = "misprint" | "stolen" | "recalled" | "other";

/** A print run: codes issued at once for one product and lot (decision 080). */
export interface BatchesTable {
  id: string;
  product_id: string;
  /** The batch number printed on the pack. */
  lot: string;
  quantity: number;
  label_kind: Generated<LabelKind>;
  /** A two-part run's PIN length: 8 for runs made before decision 165, 9 since; null for single codes. */
  pin_length: Generated<number | null>;
  /** An NFC run's SDMMetaReadKey, sealed (app/platform/codes/tag-keys.server.ts); null for other runs (migration 2026-12-06_50). */
  nfc_meta_key_enc: Generated<string | null>;
  /** Dates as YYYY-MM-DD. */
  manufactured_on: string | null;
  best_before: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  market: string | null;
  note: string | null;
  status: BatchStatus;
  revoked_reason: RevokeReason | null;
  revoked_note: string | null;
  revoked_at: string | null;
  /** Admin ids. */
  revoked_by: string | null;
  created_by: string;
  created_at: string;
  /** The run's codes by state, kept exact by triggers on `codes` (migrations/2026-11-23_10_print_runs_and_sealed_codes.ts). */
  active_count: number;
  used_count: number;
  expired_count: number;
  revoked_count: number;
  /**
   * The run's recall (decision 153): open while `recall_since` is set and `recall_lifted_at` is not.
   * `recall_since` is YYYY-MM-DD; the notices are sanitized free text; `*_by` are admin ids; `*_at` ISO times.
   */
  recall_since: Generated<string | null>;
  recall_notice_en: Generated<string | null>;
  recall_notice_ar: Generated<string | null>;
  /** The recall's hazard and remedy (the EU recall notice's parts, decision 191); null for recalls made before them. */
  recall_hazard_en: Generated<string | null>;
  recall_hazard_ar: Generated<string | null>;
  recall_remedy_en: Generated<string | null>;
  recall_remedy_ar: Generated<string | null>;
  recall_by: Generated<string | null>;
  recall_at: Generated<string | null>;
  recall_updated_by: Generated<string | null>;
  recall_updated_at: Generated<string | null>;
  recall_lifted_by: Generated<string | null>;
  recall_lifted_at: Generated<string | null>;
}

export interface ContactsTable {
  id: string;
  name: string;
  phone_number: string;
  message: string;
  created_at: string;
}

export type Role = "owner" | "editor" | "viewer";

export interface AdminsTable {
  id: string;
  username: string;
  /** argon2id; not an argon2 hash ("!") while an invited member has not set a password yet. */
  password_hash: string;
  created_at: string;
  updated_at: string;
  role: Role;
  disabled_at: string | null;
  /** 0/1: a new password must be set before anything else (generated, temporary or reset passwords). */
  must_change_password: number;
  password_changed_at: string | null;
  last_sign_in_at: string | null;
  /** The TOTP secret, encrypted with a key derived from the server secret; pending until totp_enabled_at. */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** The last TOTP time step accepted: a code is never accepted twice. */
  totp_last_step: number | null;
  /** Set when the account's second-step budget ran out: the second step is refused (but from a trusted device) until an owner lifts it. */
  mfa_locked_at: string | null;
  /** Where the member's mails go (invitations, password resets, notices): trimmed, lower case, unique when set. */
  email: string | null;
  /** Mails about new alerts and counterfeit reports (decision 164): 'off', 'immediate' or 'daily'. */
  notify: Generated<NoticeMode>;
  /** The language of those mails: the page's when the member chose them. */
  notify_lang: Generated<string>;
}

export type NoticeMode = "off" | "immediate" | "daily";

/** One sign-in (a refresh-token family): what the member sees in their list of sessions. */
export interface AdminSessionsTable {
  /** The family id of its refresh tokens. */
  id: string;
  admin_id: string;
  created_at: string;
  last_used_at: string;
  user_agent: string;
  client_hash: string;
  /** "totp" or "recovery" when the sign-in passed a second factor. */
  second_factor: string | null;
}

export interface RecoveryCodesTable {
  id: string;
  admin_id: string;
  /** Keyed hash (HMAC-SHA256) of the normalised code. */
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export interface InvitationsTable {
  id: string;
  admin_id: string;
  /** SHA-256 of the token in the link; the link itself is shown once and never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The second step of a sign-in with two-factor on: a short-lived token good only for that step. */
export interface MfaChallengesTable {
  id: string;
  admin_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** The keyed hash of the client that received the token: only that client may use it. */
  client_hash: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export type AuditOutcome = "success" | "failure" | "refused";

export interface AuditLogTable {
  id: string;
  created_at: string;
  actor_id: string | null;
  /** The member's username, or the username that was tried at sign-in, or "system". */
  actor: string;
  action: string;
  target: string | null;
  outcome: AuditOutcome;
  /** Keyed hash of the client address; never the raw address. */
  client_hash: string | null;
  /** Small JSON object with what else the action needs said (never a secret). */
  detail: string | null;
}

/** An API key for a machine (decision 154): the secret itself is never stored. */
export interface ApiKeysTable {
  id: string;
  name: string;
  /** The secret's first characters (`lk_` and 8 more), shown to tell keys apart. */
  prefix: string;
  /** Keyed hash (HMAC-SHA-256 with a key derived from the server secret) of the whole secret. */
  key_hash: string;
  /** The scopes, space-separated (`read:scans write:alerts`). */
  scopes: string;
  expires_at: string | null;
  /** Written at most once a minute per key. */
  last_used_at: string | null;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

export interface RefreshTokensTable {
  /** The token's jti. */
  id: string;
  family_id: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
  /** When this token was exchanged for a newer one. */
  rotated_at: string | null;
  replaced_by: string | null;
  revoked_at: string | null;
  /** Keyed hash of the client that rotated it (a retry within the grace window must come from it). */
  rotated_by: string | null;
}

export type Code = Selectable<CodesTable>;
export type Scan = Selectable<ScansTable>;
export type Contact = Selectable<ContactsTable>;
export type Batch = Selectable<BatchesTable>;
export type Admin = Selectable<AdminsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type Alert = Selectable<AlertsTable>;
export type Report = Selectable<ReportsTable>;
export type ReportNote = Selectable<ReportNotesTable>;
export type ApiKey = Selectable<ApiKeysTable>;
export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;

export type RegistrationState = "pending" | "confirmed";

/** A buyer who asked to hear about a print run (decision 162): never shown to a viewer. */
export interface RegistrationsTable {
  id: string;
  /** The genuine check it came from (no foreign key: scans are deleted by their retention). */
  scan_id: string;
  batch_id: string;
  /** Normalised: trimmed, lower case. Unique per run. */
  email: string;
  lang: string;
  consent_version: string;
  consent_at: string;
  state: RegistrationState;
  /** Keyed hash of the confirmation token; null once confirmed (single use). */
  confirm_hash: string | null;
  confirm_expires_at: string | null;
  /** Keyed hash of the unsubscribe token (the token itself is derived from the id with a server key). */
  unsubscribe_hash: string;
  /** `batches.recall_at` of the last recall whose notice was queued for it. */
  notified_recall_at: string | null;
  created_at: string;
  confirmed_at: string | null;
}

export type Registration = Selectable<RegistrationsTable>;
