import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync } from "fflate";
import jsQR from "jsqr";
import PDFDocument from "pdfkit";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@db/db.server";
import type { Batch } from "@db/schema";
import { products } from "~/platform/catalog/catalog";
import { formatCode, formatPin } from "~/platform/codes/code-format";
import arBatches from "@locales/ar/batches";
import enBatches from "@locales/en/batches";
import { revealPacks } from "~/platform/codes/code-store.server";
import { parseDigitalLink } from "~/platform/codes/digital-link";
import { plain } from "../../../tests/unit/codes";
import { newKey, newUid } from "../../../tests/unit/tags";
import { inkDistance, inkLines, pangoInk, pdfInk, woffToTtf } from "../../../tests/unit/glyphs";
import { gs1Read, pdfPageText, readQrCodes, renderPdfPage } from "../../../tests/unit/labels";
import { batchCodeChunks, type SerialCode } from "../batches/batch-codes.server";
import { createBatch } from "../batches/batches.server";
import { csvCell } from "~/platform/lib/csv";
import { CSV_COLUMNS, csvText, PACK_CSV_COLUMNS } from "./csv.server";
import { exportBatch, type ExportRequest } from "./exports.server";
import { labelBox, LAYOUTS, qrBox } from "./layouts";
import { fitLines, STYLES, textColumnWidth } from "./pdf.server";
import { registerArabicFonts } from "./pdf-text.server";

const SITE = process.env.SITE_URL!;
const scratch = mkdtempSync(join(tmpdir(), "exports-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let batch: Batch;
let codes: string[];

beforeAll(async () => {
  const result = await createBatch({ productId: products[3]!.id, quantity: 140, lot: "L26/07 A", bestBefore: "2028-06-30", createdBy: "admin" });
  if (!result.ok) throw new Error(result.error);
  batch = result.value;
  const db = await getDb();
  const rows = await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", batch.id).orderBy("serial").execute();
  codes = rows.map(plain);
});

async function download(request: Partial<ExportRequest> & Pick<ExportRequest, "kind">) {
  const result = await exportBatch({ batchId: batch.id, language: "en", caption: "Scan to check this product is genuine", ...request });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

/** A small RFC 4180 reader: quoted cells, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && text[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

describe("CSV for the printer", () => {
  it("quotes as RFC 4180 says and neutralises cells a spreadsheet would run as formulas", () => {
    const tricky = ["=HYPERLINK(\"x\")", "+1", "-2", "@SUM(A1)", "\tTab", "\rCR", 'say "hi"', "a,b", "two\nlines", "plain"];
    const text = csvText([tricky.concat("x").slice(0, CSV_COLUMNS.length)], false);
    expect(text.endsWith("\r\n")).toBe(true);
    const [cells] = parseCsv(text);
    expect(cells).toEqual(["'=HYPERLINK(\"x\")", "'+1", "'-2", "'@SUM(A1)", "'\tTab"]
      .concat(["'\rCR", 'say "hi"', "a,b", "two\nlines"]));
    expect(text).toContain('"say ""hi"""');
    expect(text).toContain('"a,b"');
    expect(text).toContain('"two\nlines"');
    expect(text).toContain('"\'\rCR"');
    expect(csvCell("L2026")).toBe("L2026");
    expect(csvCell("-L2026")).toBe("'-L2026");
  });

  it("streams the run: BOM, header, serial 1..N, grouped code, verify URL, product, lot, best before, run", async () => {
    const response = await download({ kind: "csv" });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="lunara-L26_07_A-codes.csv"/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(new TextDecoder().decode(bytes.slice(3)));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(141);
    const product = products[3]!;
    rows.slice(1).forEach((row, i) => {
      expect(row).toEqual([String(i + 1), formatCode(codes[i]!), `${SITE}/verify?code=${codes[i]}`, product.id, product.name, product.nameAr, "L26/07 A", "2028-06-30", batch.id]);
    });
  });
});

describe("CSV of a two-part run", () => {
  it("has the pack columns: serial 1..N, pack serial, grouped PIN, GS1 Digital Link, product, lot, best before, run", async () => {
    const product = products[6]!;
    const created = await createBatch({ productId: product.id, quantity: 30, lot: "PK26/07", bestBefore: "2028-06-30", label: "two_part", createdBy: "admin" });
    if (!created.ok) throw new Error(created.error);
    const run = created.value;
    const db = await getDb();
    const packs = revealPacks(await db.selectFrom("codes").select(["code_hash", "code_enc"]).where("batch_id", "=", run.id).orderBy("serial").execute());
    const result = await exportBatch({ kind: "csv", batchId: run.id, language: "en", caption: "" });
    if (!result.ok) throw new Error(result.error);
    const rows = parseCsv(new TextDecoder().decode(new Uint8Array(await result.value.arrayBuffer()).slice(3)));
    expect(rows[0]).toEqual([...PACK_CSV_COLUMNS]);
    expect(rows).toHaveLength(31);
    rows.slice(1).forEach((row, i) => {
      const { serial, pin } = packs[i]!;
      const dlUrl = `${SITE}/01/0${product.gtin}/10/PK26%2F07/21/${serial}?17=280630`;
      expect(row).toEqual([String(i + 1), serial, formatPin(pin), dlUrl, product.id, product.name, product.nameAr, "PK26/07", "2028-06-30", run.id]);
      expect(parseDigitalLink(row[3]!, SITE)).toEqual({ gtin: `0${product.gtin}`, lot: "PK26/07", serial, bestBefore: "2028-06-30" });
    });
  });
});

/** The pages of a PDF: its page objects (pdfkit writes object dictionaries uncompressed). */
const pageCount = (pdf: Buffer) => (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;

const DPI = 200;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/** Renders one page with poppler's pdftoppm and decodes the QR inside a label's box. */
function renderPage(pdf: Buffer, page: number, name: string): PNG {
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-png", "-r", String(DPI), "-f", String(page), "-l", String(page), "-singlefile", file, join(scratch, name)]);
  return PNG.sync.read(readFileSync(join(scratch, `${name}.png`)));
}

function decodeIn(png: PNG, box: { x: number; y: number; size: number }): string | null {
  const x0 = px(box.x);
  const y0 = px(box.y);
  const size = px(box.size);
  const out = new Uint8ClampedArray(size * size * 4);
  for (let y = 0; y < size; y++) {
    const from = ((y0 + y) * png.width + x0) * 4;
    out.set(png.data.subarray(from, from + size * 4), y * size * 4);
  }
  return jsQR(out, size, size)?.data ?? null;
}

describe("label sheets (PDF)", () => {
  it("L7651: 65 labels a page, the QR of each serial in its own label box, on as many pages as needed", async () => {
    const layout = LAYOUTS.L7651;
    const response = await download({ kind: "pdf", layout: "L7651" });
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pageCount(pdf)).toBe(3); // 140 = 65 + 65 + 10
    const page1 = renderPage(pdf, 1, "l7651-p1");
    expect([page1.width, page1.height]).toEqual([px(210), px(297)]);
    for (const index of [0, 4, 60, 64]) {
      const box = qrBox(layout, labelBox(layout, index));
      expect(decodeIn(page1, box), `label ${index + 1}`).toBe(`${SITE}/verify?code=${codes[index]}`);
    }
    const page3 = renderPage(pdf, 3, "l7651-p3");
    expect(decodeIn(page3, qrBox(layout, labelBox(layout, 139)))).toBe(`${SITE}/verify?code=${codes[139]}`);
    // Nothing is printed where the 141st label would be.
    expect(decodeIn(page3, qrBox(layout, labelBox(layout, 140)))).toBeNull();
  });

  it("L7160 with a serial range: 21 labels a page, starting with `from` in the first box", async () => {
    const layout = LAYOUTS.L7160;
    const response = await download({ kind: "pdf", layout: "L7160", from: 5, to: 30 });
    expect(response.headers.get("Content-Disposition")).toContain("L7160-5-30.pdf");
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pageCount(pdf)).toBe(2); // 26 labels
    const page1 = renderPage(pdf, 1, "l7160-p1");
    for (const index of [0, 2, 18, 20]) {
      expect(decodeIn(page1, qrBox(layout, labelBox(layout, index))), `label ${index + 1}`).toBe(`${SITE}/verify?code=${codes[index + 4]}`);
    }
    const page2 = renderPage(pdf, 2, "l7160-p2");
    expect(decodeIn(page2, qrBox(layout, labelBox(layout, 25)))).toBe(`${SITE}/verify?code=${codes[29]}`);
  });

  it("places labels where the maker's sheets have them", () => {
    const l7651 = LAYOUTS.L7651;
    expect(labelBox(l7651, 0)).toMatchObject({ page: 0, x: 4.67, y: 10.9 });
    const last = labelBox(l7651, 64);
    expect(last).toMatchObject({ page: 0, column: 4, row: 12 });
    expect(last.x + last.width).toBeCloseTo(210 - 4.67, 2);
    expect(last.y + last.height).toBeCloseTo(297 - 10.9, 1);
    expect(labelBox(l7651, 65)).toMatchObject({ page: 1, column: 0, row: 0 });
    const l7160 = LAYOUTS.L7160;
    expect(labelBox(l7160, 0)).toMatchObject({ x: 7.21, y: 15.15 });
    const end = labelBox(l7160, 20);
    expect(end.x + end.width).toBeCloseTo(210 - 7.21, 2);
    expect(end.y + end.height).toBeCloseTo(297 - 15.15, 2);
  });

  it("refuses an unknown layout, a reversed or outside range, an unknown run", async () => {
    const refuse = (request: Partial<ExportRequest>) => exportBatch({ kind: "pdf", batchId: batch.id, language: "en", caption: "", ...request });
    expect(await refuse({ layout: "A4" })).toEqual({ ok: false, error: "unknown_layout" });
    expect(await refuse({ from: 9, to: 3 })).toEqual({ ok: false, error: "invalid_range" });
    expect(await refuse({ from: 1, to: 141 })).toEqual({ ok: false, error: "out_of_range" });
    expect(await refuse({ batchId: "nope" })).toEqual({ ok: false, error: "not_found" });
  });
});

describe("ZIP of SVG labels", () => {
  it("holds one label per code named LOT-serial-CODE.svg, each the single-code card", async () => {
    const response = await download({ kind: "zip" });
    expect(response.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(140);
    expect(names[0]).toBe(`L26_07_A-001-${codes[0]}.svg`);
    expect(names[139]).toBe(`L26_07_A-140-${codes[139]}.svg`);
    const svg = new TextDecoder().decode(files[names[41]!]);
    expect(svg).toContain(formatCode(codes[41]!));
    expect(svg).toContain(products[3]!.name.replace(/&/g, "&amp;"));
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg /);
  });
});

describe("two-part runs' labels", () => {
  const product = products[5]!;
  let run: Batch;
  let packs: SerialCode[];

  beforeAll(async () => {
    const made = await createBatch({ productId: product.id, quantity: 70, lot: "L26-07/B", bestBefore: "2028-06-30", label: "two_part", createdBy: "admin" });
    if (!made.ok) throw new Error(made.error);
    run = made.value;
    packs = [];
    for await (const chunk of batchCodeChunks(run.id, 1, 70)) packs.push(...chunk);
  });

  const get = async (request: Partial<ExportRequest> & Pick<ExportRequest, "kind">) => {
    const result = await exportBatch({ batchId: run.id, language: "en", caption: "Scan to check this product is genuine", ...request });
    if (!result.ok) throw new Error(result.error);
    return result.value;
  };

  it("PDF: the outer sheets (a GS1 Digital Link QR per pack), then the inner PIN sheets in the same order", async () => {
    const layout = LAYOUTS.L7651;
    const pdf = Buffer.from(await (await get({ kind: "pdf", layout: "L7651" })).arrayBuffer());
    // 70 packs: outer labels on pages 1–2 (65 + 5), inner labels on pages 3–4.
    expect(pageCount(pdf)).toBe(4);

    const dpi = 150;
    const outer = renderPdfPage(pdf, 1, dpi, scratch, "two-part-p1");
    for (const index of [0, 64]) {
      const [uri] = await readQrCodes(outer, dpi, qrBox(layout, labelBox(layout, index)));
      const pack = packs[index]!;
      expect(uri, `label ${index + 1}`).toBe(`${SITE}/01/0${product.gtin}/10/L26-07%2FB/21/${pack.code}?17=280630`);
      // GS1's own library accepts it, with the run's GTIN, lot and this pack's serial.
      expect(gs1Read(uri!)).toEqual({ valid: true, domain: SITE, gtin: `0${product.gtin}`, lot: "L26-07/B", serial: pack.code, expiry: "280630" });
    }
    const outerText = pdfPageText(pdf, 1, scratch, "two-part-t1");
    expect(outerText).toContain("LOT L26-07/B");
    // Every serial on one line, with its hyphens (decision 165): never split between two lines.
    for (const pack of packs.slice(0, 65)) expect(outerText, pack.code).toContain(formatCode(pack.code));
    expect(outerText).not.toContain(formatPin(packs[0]!.pin!));

    // The inner sheet's first page: each pack's PIN grouped, its serial and the words; no QR (the PIN is never in one).
    const inner = pdfPageText(pdf, 3, scratch, "two-part-t3");
    for (const pack of packs.slice(0, 65)) expect(inner).toContain(formatPin(pack.pin!));
    expect(inner).not.toContain(formatPin(packs[65]!.pin!));
    expect(inner).toContain(formatCode(packs[0]!.code));
    expect(inner).toContain(enBatches.labels.enterPin);
    // Where the PIN goes, on every inner label: the site's host (decision 165).
    expect(inner.split(new URL(SITE).host).length - 1).toBe(65);
    expect(await readQrCodes(renderPdfPage(pdf, 3, dpi, scratch, "two-part-p3"), dpi)).toEqual([]);
    // Labels sit in the same places: the 66th pack's PIN opens the fourth page as its QR opens the second.
    expect(pdfPageText(pdf, 4, scratch, "two-part-t4")).toContain(formatPin(packs[65]!.pin!));
    const [second] = await readQrCodes(renderPdfPage(pdf, 2, dpi, scratch, "two-part-p2"), dpi, qrBox(layout, labelBox(layout, 65)));
    expect(second).toContain(`/21/${packs[65]!.code}?`);
  });

  it("PDF on L7160 with a range: the range's outer labels, then its inner ones", async () => {
    const layout = LAYOUTS.L7160;
    const pdf = Buffer.from(await (await get({ kind: "pdf", layout: "L7160", from: 3, to: 10 })).arrayBuffer());
    expect(pageCount(pdf)).toBe(2);
    const [uri] = await readQrCodes(renderPdfPage(pdf, 1, 150, scratch, "two-part-l7160"), 150, qrBox(layout, labelBox(layout, 0)));
    expect(gs1Read(uri!)).toMatchObject({ valid: true, serial: packs[2]!.code });
    const inner = pdfPageText(pdf, 2, scratch, "two-part-l7160-t2");
    expect(inner).toContain(formatPin(packs[2]!.pin!));
    expect(inner).toContain(formatPin(packs[9]!.pin!));
    expect(inner).not.toContain(formatPin(packs[10]!.pin!));
    expect(inner.split(new URL(SITE).host).length - 1).toBe(8);
    expect(inner).toContain(enBatches.labels.enterPin);
  });

  it("ZIP: an outer and an inner SVG per pack, in the admin's language", async () => {
    const files = unzipSync(new Uint8Array(await (await get({ kind: "zip", language: "ar" })).arrayBuffer()));
    const names = Object.keys(files);
    expect(names).toHaveLength(140);
    expect(names.slice(0, 2)).toEqual([`L26-07_B-01-${packs[0]!.code}-outer.svg`, `L26-07_B-01-${packs[0]!.code}-inner.svg`]);
    expect(names[139]).toBe(`L26-07_B-70-${packs[69]!.code}-inner.svg`);
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const outer = text(names[2]!);
    expect(outer).toContain(formatCode(packs[1]!.code));
    expect(outer).toContain(product.nameAr);
    expect(outer).toContain('direction="rtl"');
    expect(outer).not.toContain(packs[1]!.pin!);
    const inner = text(names[3]!);
    expect(inner).toMatch(/^<\?xml[^>]*>\n<svg /);
    expect(inner).toContain(formatPin(packs[1]!.pin!));
    expect(inner).toContain(formatCode(packs[1]!.code));
    expect(inner).toContain(arBatches.labels.scratch);
    expect(inner).toContain(`>${new URL(SITE).host}<`);
    expect(inner).toContain(arBatches.labels.enterPin);
  });
});

describe("Arabic on label sheets", () => {
  // An Arabic name with a Latin part: "لوشن الحماية من الشمس للعائلة SPF 59".
  const product = products.find((p) => p.nameAr.includes("SPF") && !p.nameAr.includes("++"))!;
  const layout = LAYOUTS.L7160;
  const fontfile = createRequire(import.meta.url).resolve("@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff");
  let run: Batch;

  beforeAll(async () => {
    const made = await createBatch({ productId: product.id, quantity: 4, lot: "AR26/11", bestBefore: "2028-06-30", createdBy: "admin" });
    if (!made.ok) throw new Error(made.error);
    run = made.value;
  });

  const sheet = async (lang: "en" | "ar" | "both" | undefined, name: string) => {
    const result = await exportBatch({ kind: "pdf", batchId: run.id, layout: "L7160", ...(lang ? { lang } : {}), language: "en", caption: "" });
    if (!result.ok) throw new Error(result.error);
    const pdf = Buffer.from(await result.value.arrayBuffer());
    const file = join(scratch, `${name}.pdf`);
    writeFileSync(file, pdf);
    return { pdf, file };
  };

  it("prints the words in English, Arabic or both (the default), the QR unchanged", async () => {
    const text = async (lang: "en" | "ar" | "both" | undefined) => pdfPageText((await sheet(lang, `words-${lang}`)).pdf, 1, scratch, `words-${lang}-t`);
    const en = await text("en");
    expect(en).toContain("Scan to verify");
    expect(en).toContain(product.name.split(" ")[0]);
    expect(en).not.toMatch(/[\u0600-\u06ff]/);
    const both = await text(undefined);
    expect(both).toContain("Scan to verify");
    expect(both).toMatch(/[\u0600-\u06ff]/);
    const ar = await text("ar");
    expect(ar).not.toContain("Scan to verify");
    expect(ar).toContain("AR26/11");
    const { pdf } = await sheet("ar", "words-ar-qr");
    const [url] = await readQrCodes(renderPdfPage(pdf, 1, 150, scratch, "words-ar-p1"), 150, qrBox(layout, labelBox(layout, 0)));
    expect(url).toMatch(/\/verify\?code=/);
  });

  it("draws the Arabic name shaped and in reading order: as Pango draws it in the same font, unlike it reversed or unjoined", async () => {
    const { file } = await sheet("ar", "arabic-name");
    // The name's lines as the sheet breaks them.
    const doc = new PDFDocument({ autoFirstPage: false });
    registerArabicFonts(doc);
    const expected = fitLines(doc, product.nameAr, STYLES.L7160.product!, textColumnWidth(layout)).lines.map((line) => line.text);
    expect(expected.length).toBeGreaterThan(1);
    // The lines of ink in the first label's text column, top to bottom: code, lot (two lines), the name's, the caption.
    const dpi = 600;
    const qr = qrBox(layout, labelBox(layout, 0));
    const box = labelBox(layout, 0);
    const column = pdfInk(file, 1, { x: qr.x + qr.size + 0.4, y: box.y, width: box.x + box.width - qr.x - qr.size - 0.4, height: box.height }, dpi, scratch, "arabic-column");
    const lines = inkLines(column, Math.round(dpi / 60));
    const drawnLines = lines.slice(-1 - expected.length, -1);
    expect(drawnLines).toHaveLength(expected.length);
    const ttf = woffToTtf(fontfile, join(scratch, "noto-sans-arabic.ttf"));
    const pango = (text: string) => pangoInk(text, ttf, "Noto Sans Arabic", "Helvetica", dpi);
    const distances = await Promise.all(
      expected.map(async (text, i) => {
        const drawn = drawnLines[i]!;
        const words = text.split(" ");
        // Wrong drawings: each word shaped but the words left to right in logical order (no bidi: each isolated
        // in a left-to-right line), and the letters in order but unjoined (no shaping).
        const noBidi = `\u200e${words.map((word) => `\u2068${word}\u2069`).join(" ")}`;
        const [reference, reversed, unjoined] = await Promise.all([pango(text), pango(noBidi), pango(Array.from(text).join("\u200c"))]);
        return { text, words: words.length, right: inkDistance(drawn, reference), reversed: inkDistance(drawn, reversed), unjoined: inkDistance(drawn, unjoined) };
      }),
    );
    // Seen here: 0.05 from the reference, 0.30–0.34 from the wrong drawings.
    for (const d of distances) {
      expect(d.right, `${d.text} as Pango draws it`).toBeLessThan(0.1);
      expect(d.unjoined, `${d.text} unjoined`).toBeGreaterThan(0.2);
      if (d.words > 1) expect(d.reversed, `${d.text} in logical order`).toBeGreaterThan(0.2);
    }
    expect(distances.some((d) => d.words > 1)).toBe(true);
  });
});

describe("NFC runs' labels (issue 41)", () => {
  const product = products[2]!;

  it("PDF: each tag's companion, the QR of the lot's Digital Link without e and c, beside NFC and the lot; never a key", async () => {
    const tags = Array.from({ length: 66 }, () => ({ uid: newUid(), fileReadKey: newKey() }));
    const made = await createBatch({ productId: product.id, quantity: tags.length, lot: "NFC-26/07", label: "nfc", tags, createdBy: "admin" });
    if (!made.ok) throw new Error(made.error);
    const result = await exportBatch({ kind: "pdf", layout: "L7651", lang: "en", batchId: made.value.id, language: "en", caption: "" });
    if (!result.ok) throw new Error(result.error);
    const pdf = Buffer.from(await result.value.arrayBuffer());
    // 66 tags: 65 labels on the first sheet, one on the second.
    expect(pageCount(pdf)).toBe(2);
    const layout = LAYOUTS.L7651;
    const dpi = 150;
    const link = `${SITE}/01/0${product.gtin}/10/NFC-26%2F07`;
    const first = renderPdfPage(pdf, 1, dpi, scratch, "nfc-p1");
    for (const index of [0, 64]) expect(await readQrCodes(first, dpi, qrBox(layout, labelBox(layout, index))), `label ${index + 1}`).toEqual([link]);
    expect(gs1Read(link)).toEqual({ valid: true, domain: SITE, gtin: `0${product.gtin}`, lot: "NFC-26/07", serial: undefined, expiry: undefined });
    const [last] = await readQrCodes(renderPdfPage(pdf, 2, dpi, scratch, "nfc-p2"), dpi, qrBox(layout, labelBox(layout, 0)));
    expect(last).toBe(link);
    const text = pdfPageText(pdf, 1, scratch, "nfc-t1");
    expect(text).toContain("NFC");
    expect(text).toContain("LOT NFC-26/07");
    // What to do, where the product's name would not fit beside it on this small label.
    expect(text).toContain(enBatches.labels.tap.split(". ")[0]!);
    for (const tag of tags.slice(0, 3)) {
      expect(text).not.toContain(tag.uid);
      expect(text).not.toContain(tag.fileReadKey);
    }
  });
});
