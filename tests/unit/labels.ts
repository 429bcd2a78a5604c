import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { PNG } from "pngjs";
import { prepareZXingModule, readBarcodes } from "zxing-wasm/reader";

/**
 * Reading printed labels back as a phone would, for the exports' tests and the browser journey:
 * poppler's pdftoppm renders a PDF page, ZXing (zxing-wasm, the decoder the `barcode-detector`
 * polyfill runs) reads its QR codes, and GS1's own library (digital-link.js) says whether a URI is a
 * GS1 Digital Link and what it carries.
 */

const require = createRequire(import.meta.url);

// Offline: ZXing's WebAssembly from the installed package, never from its CDN default.
prepareZXingModule({ overrides: { wasmBinary: new Uint8Array(readFileSync(require.resolve("zxing-wasm/reader/zxing_reader.wasm"))).buffer } });

/** Renders page `page` (1-based) of a PDF at `dpi` with pdftoppm: `pdftoppm -png -r DPI -f N -l N`. */
export function renderPdfPage(pdf: Buffer, page: number, dpi: number, dir: string, name: string): PNG {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync("pdftoppm", ["-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", file, join(dir, name)]);
  return PNG.sync.read(readFileSync(join(dir, `${name}.png`)));
}

/** The text of page `page` of a PDF, with poppler's pdftotext (its layout kept). */
export function pdfPageText(pdf: Buffer, page: number, dir: string, name: string): string {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-f", String(page), "-l", String(page), file, "-"]).toString("utf8");
}

/** A square of a rendered page, in millimetres from its top-left corner. */
type MmBox = { x: number; y: number; size: number };

/** The QR codes ZXing reads in `box` of a page rendered at `dpi` (the whole page without one). */
export async function readQrCodes(png: PNG, dpi: number, box?: MmBox): Promise<string[]> {
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  const [x0, y0, width, height] = box ? [px(box.x), px(box.y), px(box.size), px(box.size)] : [0, 0, png.width, png.height];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) data.set(png.data.subarray(((y0 + y) * png.width + x0) * 4, ((y0 + y) * png.width + x0 + width) * 4), y * width * 4);
  const image = { data, width, height, colorSpace: "srgb" } as ImageData;
  const results = await readBarcodes(image, { formats: ["QRCode"], tryHarder: true, maxNumberOfSymbols: box ? 1 : 255 });
  return results.filter((result) => result.isValid).map((result) => result.text);
}

type Gs1DigitalLink = {
  isValid(): boolean;
  getDomain(): string;
  getIdentifier(): Record<string, string>;
  getKeyQualifiers(): Record<string, string>;
  getAttributes(): Record<string, string>;
};
const { DigitalLink } = require("digital-link.js") as { DigitalLink: (uri: string) => Gs1DigitalLink };

/** A value as the library hands it over (as written in the URI), percent-decoded. */
const decoded = (value: string | undefined) => (value === undefined ? undefined : decodeURIComponent(value));

/**
 * What GS1's digital-link.js reads in a URI: whether it is a valid GS1 Digital Link (its grammar and
 * the GTIN's check digit), and its domain, GTIN (AI 01), lot (10), serial (21) and expiry (17).
 */
export function gs1Read(uri: string): { valid: boolean; domain: string; gtin?: string | undefined; lot?: string | undefined; serial?: string | undefined; expiry?: string | undefined } {
  const link = DigitalLink(uri);
  const qualifiers = link.getKeyQualifiers();
  const attributes = link.getAttributes();
  return {
    valid: link.isValid(),
    domain: link.getDomain(),
    gtin: link.getIdentifier()["01"],
    lot: decoded(qualifiers["10"]),
    serial: decoded(qualifiers["21"]),
    expiry: decoded(attributes["17"]),
  };
}
