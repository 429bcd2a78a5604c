import type { Selectable } from "kysely";

/**
 * The database as Kysely sees it. Timestamps are ISO-8601 UTC text (`new Date().toISOString()`),
 * chosen once for every table so the same queries run on PostgreSQL later. Nullable columns are
 * `T | null`, never optional.
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
  /** Owned by rate-limiter-flexible (see app/rate-limit.server.ts). */
  rate_limits: { key: string; points: number; expire: number | null };
  /** Codes per status, kept exact by triggers on `codes` (migration 05): counts without a scan. */
  code_counts: { status: CodeStatus; n: number };
}

export type CodeStatus = "active" | "expired" | "revoked";

export interface CodesTable {
  id: string;
  /** Normalised: upper case A-Z and 0-9 only. Unique. */
  code: string;
  product_id: string;
  status: CodeStatus;
  created_at: string;
  /** Set when an admin expires the code. */
  expired_at: string | null;
  /** Set when a shopper's check consumed the code. */
  verified_at: string | null;
}

export type ScanOutcome = "valid" | "used" | "unknown" | "expired" | "revoked";

export interface ScansTable {
  /** Unguessable id used in the result URL. */
  id: string;
  created_at: string;
  /** Normalised input, capped. */
  input: string;
  code_id: string | null;
  outcome: ScanOutcome;
  /** The matched code's product, copied at check time (the result view never changes). */
  product_id: string | null;
  /** When the matched code was first verified (this check for "valid", an earlier one for "used"). */
  verified_at: string | null;
  lang: string;
  /** Keyed hash of the client address; never the raw address. */
  client_hash: string;
  user_agent: string;
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
}

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
export type Admin = Selectable<AdminsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
