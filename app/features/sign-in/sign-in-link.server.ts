import { createHmac, timingSafeEqual } from "node:crypto";
import { getDb } from "@db/db.server";
import { recordAudit } from "~/platform/audit/audit.server";
import { asRateLimited, createLimiter } from "~/platform/http/rate-limit.server";
import { fail, ok, type RateLimited, type Result } from "~/platform/lib/result";
import { getServerSecret } from "~/platform/lib/secrets.server";
import { kickMail, queueMail } from "~/platform/mail/mail.server";
import { siteLink } from "~/platform/mail/render.server";
import { accountLinkMail } from "./account-link-mail.server";
import { mailableMember, queueAccountMail, type AccountMailRequest } from "./account-mail-queue.server";

/**
 * A sign-in link for a new browser (decision 171, issue 42 N8). Strangers can fill an account's shared
 * sign-in limit for browsers without its device cookie (LOGIN_RATE_LIMIT × 20 per 15 minutes, decision
 * 103) from many addresses, again and again. Instead of waiting it out, the member asks from the
 * sign-in page for a link mailed to the account's address; opened (and confirmed with a button: a GET
 * changes nothing), it gives that browser a device cookie of the account (`m1`), so its attempts are
 * counted on their own, apart from the strangers'. It signs no one in: the password (and the
 * two-factor code, still under the account's budget and lock) are asked as always.
 *
 * The form's answer is the same for every name (the request is queued, ./account-mail-queue.server.ts);
 * the link is signed (account, expiry), works for 30 minutes, and every use gives the same device
 * (its id is derived from the link), so one link vouches for one browser's worth of attempts.
 * Limited per client (the form) and per account (the mails); audited.
 */
export const SIGN_IN_LINK_TTL_MS = 30 * 60_000;
export const SIGN_IN_LINK_PATH = "/admin/sign-in-link";

/** Requests per client per 15 minutes; mails per account per hour. */
const clientLimiter = createLimiter("sign-in-link-client", () => 5, 15 * 60);
const accountLimiter = createLimiter("sign-in-link-account", () => 3, 60 * 60);

const mac = (payload: string) => createHmac("sha256", getServerSecret("sign-in-link")).update(payload).digest("base64url");

/** A link's token: <username, base64url>.<expiry, unix seconds>.<signature>. */
export function signInLinkToken(username: string, expiresAt: Date): string {
  const payload = `${Buffer.from(username).toString("base64url")}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${mac(payload)}`;
}

/** The account a link is for and the device id it gives, while it is genuine and unexpired; else null. */
export function readSignInLink(token: string, now = new Date()): { username: string; deviceId: string } | null {
  const parts = token.split(".");
  if (parts.length !== 3 || token.length > 400) return null;
  const [name, expires, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(`${name}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
  return { username: Buffer.from(name, "base64url").toString(), deviceId: mac(`device.${signature}`).slice(0, 22) };
}

/** A request from the sign-in page. Refused only by the client's limit; otherwise queued, the same for every name. */
export async function requestSignInLink(input: AccountMailRequest): Promise<Result<null, never> | RateLimited> {
  const limit = await clientLimiter.consume(input.clientHash);
  if (!limit.allowed) return asRateLimited(limit);
  await queueAccountMail("sign_in_link", input);
  return ok(null);
}

/**
 * The queued request's work: a matching enabled member with an address, within the account's hourly
 * mails, is mailed a link, audited. Whoever was named, the same link and mail are made and rendered.
 */
export async function sendSignInLink({ identifier, clientHash, lang }: AccountMailRequest): Promise<void> {
  const { member, mails, name } = await mailableMember(identifier, accountLimiter);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_TTL_MS);
  const username = member?.username ?? name;
  const url = siteLink(`${SIGN_IN_LINK_PATH}/${signInLinkToken(username, expiresAt)}`);
  const mail = await accountLinkMail("signInLink", { to: member?.email ?? "nobody@invalid", username, url, expiresAt, lang });
  if (!member || !mails) return;
  const db = await getDb();
  await db.transaction().execute((trx) => queueMail(trx, [mail], now));
  kickMail();
  await recordAudit({ action: "account.sign_in_link_requested", actor: { id: member.id, username: member.username }, target: `admin:${member.username}`, clientHash });
}

/**
 * The link opened and confirmed: the account and the device id its browser gets, when the link is
 * genuine, unexpired and its member still enabled; audited.
 */
export async function redeemSignInLink(token: string, clientHash: string, now = new Date()): Promise<Result<{ username: string; deviceId: string }, "link_invalid">> {
  const link = readSignInLink(token, now);
  if (!link) return fail("link_invalid");
  const db = await getDb();
  const member = await db.selectFrom("admins").select(["id", "username"]).where("username", "=", link.username).where("disabled_at", "is", null).executeTakeFirst();
  if (!member) return fail("link_invalid");
  await recordAudit({ action: "account.sign_in_link_used", actor: { id: member.id, username: member.username }, target: `admin:${member.username}`, clientHash });
  return ok(link);
}
