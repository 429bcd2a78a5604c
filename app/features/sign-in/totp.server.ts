import { generate, generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { latinDigits } from "~/platform/lib/digits";
import { openText, sealText } from "~/platform/lib/seal.server";
import { getServerSecret } from "~/platform/lib/secrets.server";

/**
 * Two-factor sign-in with an authenticator app: TOTP as RFC 6238 has it (HMAC-SHA1, 30-second steps,
 * 6 digits), computed by otplib (decision 102). A code is accepted from the step before to the step
 * after the server's clock (one step of drift either way), and never twice: the step it matched is
 * stored and later codes must come from a later step.
 *
 * The secret is stored encrypted (AES-256-GCM, a key derived from the server secret), so a copy of the
 * database alone does not let anyone make codes.
 */
export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
/** One step either side, in seconds. */
const DRIFT_SECONDS = TOTP_PERIOD;

const key = () => getServerSecret("totp-secret");

export function newTotpSecret(): string {
  // 20 random bytes (160 bits), RFC 4226's recommended length, in Base32 as authenticator apps take it.
  return generateSecret({ length: 20 });
}

export function sealSecret(secret: string): string {
  return sealText(key(), secret);
}

export function openSecret(sealed: string): string | null {
  return openText(key(), sealed);
}

/** The otpauth:// URI an authenticator app reads from the QR: issuer and account name shown in the app. */
export function totpUri(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, period: TOTP_PERIOD, digits: TOTP_DIGITS });
}

/** The enrolment QR as an SVG data URI (drawn on the server: it works without JavaScript). */
export async function totpQrDataUri(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f1a17", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The secret as people type it: groups of four. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** Digits only (Arabic-Indic ones too), spaces and dashes dropped ("١٢٣ ٤٥٦" is 123456); anything else is not a code. */
export function normalizeTotp(input: string): string | null {
  const digits = latinDigits(input).replace(/[\s-]/g, "");
  return /^\d{6}$/.test(digits) ? digits : null;
}

/**
 * The time step a code matches (within one step of `now`, after `afterStep`), or null. `now` is for
 * tests with a fixed clock.
 */
export async function matchTotp(secret: string, code: string, options: { afterStep?: number | null; now?: number } = {}): Promise<number | null> {
  const token = normalizeTotp(code);
  if (!token) return null;
  const epoch = Math.floor((options.now ?? Date.now()) / 1000);
  const result = await verify({
    secret,
    token,
    epoch,
    period: TOTP_PERIOD,
    digits: TOTP_DIGITS,
    epochTolerance: DRIFT_SECONDS,
    ...(options.afterStep != null ? { afterTimeStep: options.afterStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** The code of a secret at a moment (tests, and nothing else: the server never shows a code). */
export function totpAt(secret: string, now: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(now / 1000), period: TOTP_PERIOD, digits: TOTP_DIGITS });
}
