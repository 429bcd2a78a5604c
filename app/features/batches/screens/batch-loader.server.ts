import { data, redirect, type RouterContextProvider } from "react-router";
import type { AdminIdentity } from "~/platform/access/identity";
import { clientHash } from "~/platform/http/client.server";
import { pageTooManyAttempts } from "~/platform/http/rate-limit.server";
import { requestLanguage } from "~/platform/i18n/i18n.server";
import { presentCodesFor } from "~/platform/codes/code-reads.server";
import { getDb } from "@db/db.server";
import { getProduct } from "~/platform/catalog/catalog";
import type { Language } from "~/platform/i18n/languages";
import { isPastEnd, parsePage } from "~/platform/lib/paging";
import { countryName } from "~/platform/i18n/countries";
import { can } from "~/platform/access/permissions";
import { countScans } from "~/features/scans/scan-log.server";
import { packCountsOf } from "~/platform/codes/pack-state";
import { batchCodesPage } from "../batch-codes.server";
import { mailConfigured } from "~/platform/mail/mail.server";
import { registrationCounts } from "~/features/registrations/registrations.server";
import { countsOf, getBatch, presentBatch } from "../batches.server";
import { REVOKE_REASONS } from "../schemas";
import { batchHref } from "./batches-url";
import { brand } from "~/platform/lib/env.server";
import { companionQr } from "~/platform/codes/lot-link.server";

/** Usernames of the admins who made or revoked a run (an admin removed since shows as nothing). */
async function usernames(ids: (string | null)[]): Promise<Record<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return {};
  const db = await getDb();
  const rows = await db.selectFrom("admins").select(["id", "username"]).where("id", "in", wanted).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.username]));
}

/** A market's name in the page's language ("United Arab Emirates" for AE). */
function marketName(code: string | null, language: Language): string | null {
  return code ? countryName(code, language) : null;
}

/**
 * A run's page: its facts, counts, one page of its codes by serial (a page past the end goes to the
 * last), who made and revoked it, what the member's role may do. An unknown id is a 404. A two-part
 * run's counts are its packs' states and its pre-purchase views: views of its packs' pages while they
 * were sealed (scans of kind `view`, outcome `valid`, counted as the scan log counts them, so the
 * figure and the log it links to agree). Its active codes show as the member may read them
 * (code-reads.server.ts: masked for a viewer; in full within staff's hourly limit, past it a 429).
 */
export async function loadBatchScreen(request: Request, context: Readonly<RouterContextProvider>, id: string | undefined, admin: AdminIdentity) {
  const role = admin.role;
  const language = requestLanguage(context);
  const batch = await getBatch(id);
  if (!batch) throw data(null, { status: 404 });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const codes = await batchCodesPage(batch, page);
  if (isPastEnd(codes.pagination)) throw redirect(batchHref(batch.id, { page: codes.pagination.total_pages }));
  const shown = await presentCodesFor({ admin, clientHash: clientHash(request) }, codes.items, { batchId: batch.id, lot: batch.lot, page });
  if (!shown.ok) throw pageTooManyAttempts(context, shown.retryAfterSeconds ?? 60);
  const names = await usernames([batch.created_by, batch.revoked_by]);
  const product = getProduct(batch.product_id);
  const packs =
    batch.label_kind === "two_part"
      ? { ...packCountsOf(countsOf(batch)), views: await countScans({ kind: "view", batch: batch.id, outcome: "valid" }) }
      : null;
  const presented = presentBatch(batch);
  // Registered buyers (decision 162): staff see the count (and, while a recall is open, how many were sent its notice); a viewer nothing.
  const registrants = can(role, "registrations:count")
    ? { ...(await registrationCounts(batch.id, presented.recall ? batch.recall_at : null)), recalled: Boolean(presented.recall), mailConfigured: mailConfigured() }
    : null;
  return {
    batch: presented,
    registrants,
    product: product ? { id: product.id, name: language === "ar" ? product.nameAr : product.name, image: product.images[0] ?? null } : null,
    packs,
    marketName: marketName(batch.market, language),
    /** An NFC run's companion QR (issue 41): its lot's Digital Link, drawn. */
    companion: batch.label_kind === "nfc" ? await companionQr(brand().siteUrl, batch) : null,
    createdBy: names[batch.created_by] ?? null,
    revokedBy: batch.revoked_by ? (names[batch.revoked_by] ?? null) : null,
    page,
    codes: shown.value,
    pagination: codes.pagination,
    reasons: REVOKE_REASONS,
    /** A viewer sees the run; downloading its codes or revoking it is for staff. */
    can: { write: can(role, "batches:write"), export: can(role, "batches:export"), keys: can(role, "batches:keys"), registrations: can(role, "registrations:read") },
  };
}

export type BatchScreenData = Awaited<ReturnType<typeof loadBatchScreen>>;
