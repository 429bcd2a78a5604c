import type { ExportKind } from "../batches/schemas";
import { recordAudit, type AuditBy } from "~/platform/audit/audit.server";
import { getProduct, productName } from "~/platform/catalog/catalog";
import type { Language } from "~/platform/i18n/languages";
import { fixedT } from "~/platform/i18n/i18n.server";
import { brand } from "~/platform/lib/env.server";
import { fail, ok, type Result } from "~/platform/lib/result";
import { siteHost } from "~/platform/lib/urls";
import type { Batch } from "@db/schema";
import type { Product } from "~/platform/catalog/types";
import { getBatch } from "../batches/batches.server";
import type { ExportError } from "../batches/errors";
import type { LabelLanguage } from "../batches/schemas";
import { encoderCsv } from "~/features/nfc/encoder.server";
import { lotLink } from "~/platform/codes/lot-link.server";
import { batchCodeChunks } from "../batches/batch-codes.server";
import { batchCsv } from "./csv.server";
import { isLayout, LAYOUTS } from "./layouts";
import { batchLabelsPdf, type LabelWords } from "./pdf.server";
import { downloadHeaders, fileSafe, pullStream } from "./stream.server";
import { batchLabelsZip } from "./zip.server";

/**
 * The three downloads of a run, for its screen and the API alike (admin-only; the callers check the
 * session): the printer's CSV, A4 label sheets as PDF, a ZIP of SVG labels. Each answer streams. A
 * two-part run's labels (issue 27) carry each pack's GS1 Digital Link, built from its product's GTIN:
 * a run whose product has left the catalogue has no labels (`unknown_product`).
 */
export type { ExportKind };

/** `…/codes.csv`, `…/labels.pdf`, `…/labels.zip` or an NFC run's `…/nfc.csv`: which download a URL asks for. */
export function exportKindOf(pathname: string): ExportKind {
  if (pathname.endsWith("/nfc.csv")) return "nfc";
  if (pathname.endsWith(".csv")) return "csv";
  return pathname.endsWith(".zip") ? "zip" : "pdf";
}

export type ExportRequest = {
  kind: ExportKind;
  batchId: unknown;
  /** Labels only: the sheet (L7651 by default), the words' language (both by default) and an optional serial range. */
  layout?: string | undefined;
  lang?: LabelLanguage | undefined;
  from?: number | undefined;
  to?: number | undefined;
  language: Language;
  /** The words under a ZIP label's code ("Scan to check this product is genuine"), in `language`. */
  caption: string;
  /** Who downloads: the trail records every download of a run's codes (a viewer never gets one). */
  by?: AuditBy;
};

/**
 * A run's download, audited (`batch.exported`). A revoked run's codes are dead and its labels must not
 * be printed again: refused (`run_revoked`, 409), and the refusal is recorded too.
 */
export async function exportBatch(request: ExportRequest): Promise<Result<Response, ExportError>> {
  const batch = await getBatch(request.batchId);
  if (!batch) return fail("not_found");
  if (batch.status === "revoked") {
    if (request.by) {
      await recordAudit({ ...request.by, action: "batch.exported", target: `batch:${batch.lot}`, outcome: "refused", detail: { id: batch.id, kind: request.kind, reason: "run_revoked" } });
    }
    return fail("run_revoked");
  }
  const result = await exportOf(batch, request);
  if (result.ok && request.by) {
    const detail: Record<string, string | number> = { id: batch.id, kind: request.kind };
    if (request.kind === "pdf") Object.assign(detail, { layout: request.layout ?? "L7651", lang: request.lang ?? "both", from: request.from ?? 1, to: request.to ?? Number(batch.quantity) });
    await recordAudit({ ...request.by, action: "batch.exported", target: `batch:${batch.lot}`, detail });
  }
  return result;
}

async function exportOf(batch: Batch, request: ExportRequest): Promise<Result<Response, ExportError>> {
  const { siteUrl, name: brandName, nameAr: brandNameAr } = brand();
  const quantity = Number(batch.quantity);
  const stem = `${fileSafe(brandName.toLowerCase())}-${fileSafe(batch.lot)}`;
  const product = getProduct(batch.product_id);
  const twoPart = batch.label_kind === "two_part";
  if (twoPart && request.kind !== "csv" && !product) return fail("unknown_product");
  // An NFC run (issue 41): its tags' keys go to the encoder's file only (owners, `batches:keys`); its
  // labels are the companion QR's sheets. Its rows seal keys, so no other file opens them.
  const nfc = batch.label_kind === "nfc";
  if (request.kind === "nfc") {
    if (!nfc) return fail("not_nfc");
    if (!product) return fail("unknown_product");
    const tags = batchCodeChunks(batch.id, 1, quantity);
    return ok(new Response(pullStream(encoderCsv(batch, siteUrl, tags), "NFC encoder export"), { headers: downloadHeaders("text/csv; charset=utf-8", `${stem}-nfc.csv`) }));
  }
  if (nfc && request.kind !== "pdf") return fail("nfc_run");
  if (nfc && !product) return fail("unknown_product");

  if (request.kind === "csv") {
    return ok(new Response(pullStream(batchCsv(batch, siteUrl), "CSV export"), { headers: downloadHeaders("text/csv; charset=utf-8", `${stem}-codes.csv`) }));
  }
  if (request.kind === "zip") {
    const text = {
      siteUrl,
      brandName: request.language === "ar" ? brandNameAr : brandName,
      productName: product ? productName(product, request.language) : batch.product_id,
      caption: request.caption,
      pack:
        twoPart && product
          ? {
              gtin: product.gtin,
              scratch: fixedT(request.language, "batches")("labels.scratch"),
              host: siteHost(siteUrl),
              enterPin: fixedT(request.language, "batches")("labels.enterPin"),
              direction: request.language === "ar" ? ("rtl" as const) : ("ltr" as const),
            }
          : undefined,
    };
    return ok(new Response(pullStream(batchLabelsZip(batch, text), "ZIP export"), { headers: downloadHeaders("application/zip", `${stem}-labels.zip`) }));
  }

  const layoutId = request.layout ?? "L7651";
  if (!isLayout(layoutId)) return fail("unknown_layout");
  const from = request.from ?? 1;
  const to = request.to ?? quantity;
  if (from > to) return fail("invalid_range");
  if (from < 1 || to > quantity) return fail("out_of_range");
  const range = from === 1 && to === quantity ? "" : `-${from}-${to}`;
  const title = `${brandName} ${batch.lot} ${layoutId}${range}`;
  const packs = twoPart && product ? { gtin: product.gtin } : undefined;
  const words = labelWords(batch, product, request.lang ?? "both");
  const companion = nfc ? (lotLink(siteUrl, batch) ?? undefined) : undefined;
  const body = pullStream(batchLabelsPdf(batch, { layout: LAYOUTS[layoutId], from, to, siteUrl, title }, words, packs, companion), "PDF export");
  return ok(new Response(body, { headers: downloadHeaders("application/pdf", `${stem}-${layoutId}${range}.pdf`) }));
}

/** The label sheets' words in English, Arabic or both (English first); the lot line once, in Arabic only for `ar` (the lot isolated by the dictionary). */
function labelWords(batch: Batch, product: Product | undefined, lang: LabelLanguage): LabelWords {
  const languages: Language[] = lang === "both" ? ["en", "ar"] : [lang];
  const said = (key: "labels.scan" | "labels.tap" | "labels.scratch" | "labels.enterPin") => languages.map((language) => fixedT(language, "batches")(key));
  return {
    lot: fixedT(lang === "ar" ? "ar" : "en", "batches")("labels.lot", { lot: batch.lot }),
    products: product ? languages.map((language) => productName(product, language)) : [],
    captions: said(batch.label_kind === "nfc" ? "labels.tap" : "labels.scan"),
    scratch: said("labels.scratch"),
    host: siteHost(brand().siteUrl),
    enterPin: said("labels.enterPin"),
  };
}
