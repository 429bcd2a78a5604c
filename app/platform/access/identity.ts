import type { Role, Scope } from "./permissions";

/** The signed-in member, as every admin page, action and API call sees them. */
export type AdminIdentity = {
  id: string;
  username: string;
  role: Role;
  /** The sign-in (refresh-token family) this request belongs to. */
  sessionId: string;
  mfaEnabled: boolean;
  /** A generated, temporary or reset password: a new one must be set before anything else. */
  mustChangePassword: boolean;
  /** The owner requires two-factor for everyone. */
  mfaRequired: boolean;
  /**
   * Set when the caller is an API key (decision 154): the member is the key's creator, who answers for
   * it in the audit trail; the key's scopes narrow what the creator's role allows.
   */
  apiKey?: ApiKeyRef;
};

/** An API key as a request sees it: which key, as the audit trail names it, and what it may do. */
export type ApiKeyRef = { id: string; prefix: string; scopes: Scope[] };

/** What a member still has to do before the admin opens for them, if anything. */
export function pendingStep(admin: Pick<AdminIdentity, "mustChangePassword" | "mfaRequired" | "mfaEnabled">): "password" | "mfa" | null {
  if (admin.mustChangePassword) return "password";
  if (admin.mfaRequired && !admin.mfaEnabled) return "mfa";
  return null;
}
