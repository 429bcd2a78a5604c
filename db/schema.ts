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

export interface AdminsTable {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
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
}

export type Code = Selectable<CodesTable>;
export type Scan = Selectable<ScansTable>;
export type Contact = Selectable<ContactsTable>;
export type Admin = Selectable<AdminsTable>;
