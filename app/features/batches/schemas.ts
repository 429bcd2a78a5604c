import type { TFunction } from "i18next";
import { optionalFreeText, requiredFreeText } from "~/platform/lib/free-text";
import { pageParam } from "~/platform/lib/paging";
import { z } from "~/platform/lib/zod";
import { isGs1Lot } from "~/platform/codes/digital-link";

/**
 * The inputs of print runs, each shared by the screen that takes it from a form and the API that takes
 * it as JSON, with messages in the caller's language. Pure: the admin's forms validate with them in
 * the browser too. Rules that need the catalogue or the database (a known product, a run that exists
 * and is still active) are the domain's (batches.server.ts).
 */

export const MAX_QUANTITY = 100_000;
export const MAX_LOT = 40;
export const MAX_NOTE = 500;
export const REVOKE_REASONS = ["misprint", "stolen", "recalled", "other"] as const;
export type RevokeReasonInput = (typeof REVOKE_REASONS)[number];
export const LABEL_LAYOUTS = ["L7651", "L7160"] as const;
/** The words on printed labels: English, Arabic or both (decision 151). */
export const LABEL_LANGUAGES = ["en", "ar", "both"] as const;
export type LabelLanguage = (typeof LABEL_LANGUAGES)[number];
/** `single`: one code per pack; `two_part`: a public serial and a secret PIN per pack (issue 27); `nfc`: an NTAG 424 DNA tag per pack (issue 41). */
export const LABEL_KINDS = ["single", "two_part", "nfc"] as const;
export type LabelLayoutId = (typeof LABEL_LAYOUTS)[number];

/** A lot as printed on a pack: letters A–Z, digits, and - . / _ or spaces between them. */
const LOT = /^[A-Za-z0-9](?:[A-Za-z0-9 ./_-]*[A-Za-z0-9])?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day `YYYY-MM-DD` between 2000 and 2099. */
export function isDay(value: string): boolean {
  const m = DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2099 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** True for an ISO 3166-1 alpha-2 country or region code the platform knows (`AE`, `SA`, `FR`…). */
export function isMarket(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code)) return false;
  try {
    return regionNames.of(code) !== code;
  } catch {
    return false;
  }
}

/** A note: free text through the one sanitizer (line breaks kept); absent, null or nothing visible is undefined. */
const optionalText = (max: number, tooLong: string) => optionalFreeText({ max, tooLong, multiline: true });

/** A whole number typed in a form or sent as JSON (a number or its digits), with one message per way it can be wrong. */
function quantityField(t: TFunction<"batches">) {
  return z.unknown().transform((value, ctx) => {
    const issue = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return issue(t("errors.quantity_required"));
    const n = typeof value === "number" ? value : typeof value === "string" && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isFinite(n)) return issue(t("errors.quantity_number"));
    if (!Number.isInteger(n)) return issue(t("errors.quantity_whole"));
    if (n < 1 || n > MAX_QUANTITY) return issue(t("errors.quantity_range"));
    return n;
  });
}

const dayField = (message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
    .refine((v) => v === undefined || isDay(v), message);

/** A tag's UID: 7 bytes, 14 hex characters (either case; kept upper case). */
const UID = /^[0-9A-Fa-f]{14}$/;
/** An AES-128 key: 16 bytes, 32 hex characters. */
const AES_KEY = /^[0-9A-Fa-f]{32}$/;

/** The tags of an NFC run as given: `uids` (keys made by the server) or `tags` with their `file_read_key` (a supplier's). */
const uidList = (message: string) => z.array(z.string({ error: message }), { error: message }).optional();
const tagList = (message: string) =>
  z
    .array(z.object({ uid: z.string({ error: message }), file_read_key: z.string({ error: message }) }, { error: message }), { error: message })
    .optional();

/** Why a run's tags cannot be made (the first thing wrong), or null: each UID 14 hex, no UID twice, at most MAX_QUANTITY, keys 32 hex. */
function tagsProblem(t: TFunction<"batches">, uids: readonly string[], keys: readonly string[] | null): string | null {
  if (uids.length === 0) return t("errors.uids_required");
  if (uids.length > MAX_QUANTITY) return t("errors.uids_over_limit");
  const bad = uids.findIndex((uid) => !UID.test(uid));
  if (bad >= 0) return t("errors.uid_format", { position: bad + 1 });
  const seen = new Set<string>();
  const twice = uids.findIndex((uid) => seen.size === seen.add(uid.toUpperCase()).size);
  if (twice >= 0) return t("errors.uid_twice", { uid: uids[twice]!.toUpperCase() });
  const badKey = keys ? keys.findIndex((key) => !AES_KEY.test(key)) : -1;
  return badKey >= 0 ? t("errors.key_format", { position: badKey + 1 }) : null;
}

/**
 * A new print run: `{product_id, quantity, lot, manufactured_on?, best_before?, market?, note?, label?}`.
 * `label` absent is left to the caller (the API's default is `single`); a two-part or NFC run's lot
 * must fit GS1's AI 10 (`lot_not_gs1`). An NFC run (`label: "nfc"`, issue 41) names its tags instead
 * of a quantity: `uids` (the server makes the keys), or a supplier's `tags: [{uid, file_read_key}]`
 * with the run's `meta_read_key`; `quantity`, if given, must be their number.
 */
export function createBatchSchema(t: TFunction<"batches">) {
  const productRequired = t("errors.product_required");
  const lotRequired = t("errors.lot_required");
  return z
    .object({
      product_id: z.string({ error: productRequired }).trim().min(1, productRequired).max(64, t("errors.unknown_product")),
      quantity: quantityField(t).optional(),
      lot: z.string({ error: lotRequired }).trim().min(1, lotRequired).max(MAX_LOT, t("errors.lot_too_long")).regex(LOT, t("errors.lot_format")),
      manufactured_on: dayField(t("errors.date_format")),
      best_before: dayField(t("errors.date_format")),
      market: z
        .string({ error: t("errors.market_format") })
        .nullish()
        .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim().toUpperCase()))
        .refine((v) => v === undefined || isMarket(v), t("errors.market_format")),
      note: optionalText(MAX_NOTE, t("errors.note_too_long")),
      label: z.enum(LABEL_KINDS, { error: t("errors.label_kind") }).optional(),
      uids: uidList(t("errors.uids_format")),
      tags: tagList(t("errors.tags_format")),
      meta_read_key: z.string({ error: t("errors.meta_key_format") }).regex(AES_KEY, t("errors.meta_key_format")).optional(),
    })
    .superRefine(
      (value, ctx) => {
        const { manufactured_on: made, best_before: best, lot, label, quantity, uids, tags, meta_read_key: metaKey } = value as Partial<Record<string, unknown>>;
        const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
        if (typeof made === "string" && typeof best === "string" && isDay(made) && isDay(best) && best < made) issue("best_before", t("errors.best_before_order"));
        if ((label === "two_part" || label === "nfc") && typeof lot === "string" && LOT.test(lot.trim()) && !isGs1Lot(lot.trim())) issue("lot", t("errors.lot_not_gs1"));
        if (label !== "nfc") {
          if (quantity === undefined) issue("quantity", t("errors.quantity_required"));
          if (uids !== undefined || tags !== undefined || metaKey !== undefined) issue("label", t("errors.nfc_only"));
          return;
        }
        if ((uids === undefined) === (tags === undefined)) return issue("uids", t("errors.uids_or_tags"));
        if (tags !== undefined && metaKey === undefined) issue("meta_read_key", t("errors.meta_key_required"));
        if (uids !== undefined && metaKey !== undefined) issue("meta_read_key", t("errors.meta_key_with_tags"));
        const list = Array.isArray(uids) ? (uids as string[]) : Array.isArray(tags) ? (tags as { uid: string }[]).map((tag) => tag.uid) : null;
        if (!list) return;
        const problem = tagsProblem(t, list, Array.isArray(tags) ? (tags as { file_read_key: string }[]).map((tag) => tag.file_read_key) : null);
        if (problem) issue(uids !== undefined ? "uids" : "tags", problem);
        if (typeof quantity === "number" && quantity !== list.length) issue("quantity", t("errors.quantity_tags", { tags: list.length }));
      },
      // Also when another field is wrong, so every mistake is shown at once.
      { when: () => true },
    );
}

export type CreateBatchValues = z.infer<ReturnType<typeof createBatchSchema>>;

/** Revoking a run: `{reason, note?}`. */
export function revokeBatchSchema(t: TFunction<"batches">) {
  const reason = t("errors.reason_required");
  return z.object({
    reason: z.enum(REVOKE_REASONS, { error: reason }),
    note: optionalText(MAX_NOTE, t("errors.note_too_long")),
  });
}

export const MAX_NOTICE = 1000;
/** The longest hazard or remedy of a recall (decision 191): a few sentences each. */
export const MAX_RECALL_PART = 500;

/**
 * Recalling a run (or updating its recall): `{notice_en, notice_ar, hazard_en, hazard_ar, remedy_en,
 * remedy_ar, since?}`. Every text is required in both languages, sanitized free text with line breaks
 * kept: the notice (at most 1,000 characters), and the EU recall notice's hazard (what can happen) and
 * remedy (what the brand offers), at most 500 each (decision 191). `since` (YYYY-MM-DD) defaults to
 * today and may not be after it (decision 153).
 */
export function recallSchema(t: TFunction<"batches">) {
  const text = (max: number, tooLong: string, required: string) => requiredFreeText({ max, tooLong, multiline: true, required });
  const notice = (required: string) => text(MAX_NOTICE, t("errors.notice_too_long"), required);
  const part = (required: string) => text(MAX_RECALL_PART, t("errors.recall_part_too_long"), required);
  return z.object({
    notice_en: notice(t("errors.notice_en_required")),
    notice_ar: notice(t("errors.notice_ar_required")),
    hazard_en: part(t("errors.hazard_en_required")),
    hazard_ar: part(t("errors.hazard_ar_required")),
    remedy_en: part(t("errors.remedy_en_required")),
    remedy_ar: part(t("errors.remedy_ar_required")),
    since: dayField(t("errors.date_format")).refine((v) => v === undefined || v <= new Date().toISOString().slice(0, 10), t("errors.since_future")),
  });
}

export type RecallValues = z.infer<ReturnType<typeof recallSchema>>;

/** An optional serial (`from`, `to` of a label sheet), typed or in a query string. */
const serialField = (message: string) =>
  z
    .string({ error: message })
    .nullish()
    .transform((v) => (v == null || v.trim() === "" ? undefined : v.trim()))
    .refine((v) => v === undefined || /^\d{1,6}$/.test(v), message)
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .refine((v) => v === undefined || v >= 1, message);

/**
 * Which labels to print: `layout` (L7651 by default), `lang` (the words' language: en, ar or both, the
 * default) and an optional serial range `from`–`to`. A
 * layout that is not one of ours is the domain's `unknown_layout` (404-free 400), so it is kept as text here.
 */
export function labelSheetSchema(t: TFunction<"batches">) {
  const serial = t("errors.serial_format");
  return z
    .object({
      layout: z.string().max(40).optional(),
      lang: z.enum(LABEL_LANGUAGES, { error: t("errors.label_language") }).optional(),
      from: serialField(serial),
      to: serialField(serial),
    })
    .superRefine((value, ctx) => {
      if (value.from !== undefined && value.to !== undefined && value.from > value.to) {
        ctx.addIssue({ code: "custom", path: ["to"], message: t("errors.invalid_range") });
      }
    });
}

/** `GET /api/v1/batches/list/?page=N`. */
export const batchListQuery = z.object({ page: pageParam });

/** The files a run is downloaded as: its codes (CSV), its labels (PDF), both (ZIP). */
export type ExportKind = "csv" | "pdf" | "zip" | "nfc";
