import QRCode from "qrcode";
import { BRAND_MARK, brandMarkSvg } from "~/platform/lib/brand-mark";
import { formatCode, formatPin } from "./code-format";

/**
 * The printable QR label of a code, shared by the browser (PNG download) and the server (SVG
 * download without JavaScript), so both give the same card: brand name, the QR (error correction H,
 * 250 px) pointing at the public verify page with the logo in its centre, the grouped code and the
 * product's name, on white.
 */

export const QR_SIZE = 250;
export const LABEL_WIDTH = 310;
export const LABEL_HEIGHT = 412;
const QR_X = (LABEL_WIDTH - QR_SIZE) / 2;
const QR_Y = 58;

/** The public verify URL a label points at: `${siteUrl}/verify?code=CODE`. */
export function verifyUrl(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/verify?code=${encodeURIComponent(code)}`;
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** A fixed, readable file name for a product's label: `lunara-velvet-night-cream-ABCD1234.png`. */
export function labelFileName(brandName: string, productName: string, code: string, extension: "png" | "svg"): string {
  const parts = [slug(brandName) || "label", slug(productName) || "product", code.replace(/[^A-Z0-9]/gi, "")];
  return `${parts.join("-")}.${extension}`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** The brand's mark (the header's crescent, ~/platform/lib/brand-mark), drawn in the QR's centre on a white disc. */
function logo(cx: number, cy: number, radius: number): string {
  const scale = (radius * 2) / BRAND_MARK.size;
  return (
    `<circle cx="${cx}" cy="${cy}" r="${radius + 6}" fill="#ffffff"/>` +
    `<g transform="translate(${cx - radius} ${cy - radius}) scale(${scale})">${brandMarkSvg("#2f5643")}</g>`
  );
}

export type LabelInput = {
  url: string;
  code: string;
  productName: string;
  brandName: string;
  caption: string;
  /** The direction of the label's words (brand, product, caption): "rtl" for an Arabic label. The code is always left to right. */
  direction?: "ltr" | "rtl";
};

/** The label's words: Arabic is laid out right to left ("SPF 90" after the name, not before). */
const wordsFont = (direction: "ltr" | "rtl") => `font-family="Inter, 'Inter Variable', 'Noto Sans Arabic', Arial, sans-serif" direction="${direction}"`;
const MONO = `font-family="ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace"`;

/** The label as one standalone SVG document. */
export async function labelSvg({ url, code, productName, brandName, caption, direction = "ltr" }: LabelInput): Promise<string> {
  const qr = await QRCode.toString(url, { type: "svg", errorCorrectionLevel: "H", margin: 0, width: QR_SIZE });
  // Place qrcode's own SVG inside the card.
  const placedQr = qr.replace(/^<svg /, `<svg x="${QR_X}" y="${QR_Y}" `);
  const centre = QR_Y + QR_SIZE / 2;
  const font = wordsFont(direction);
  const brandText = escapeXml(direction === "rtl" ? brandName : brandName.toUpperCase());
  const brandSpacing = direction === "rtl" ? "" : ` letter-spacing="4"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH}" height="${LABEL_HEIGHT}" viewBox="0 0 ${LABEL_WIDTH} ${LABEL_HEIGHT}" role="img" aria-label="${escapeXml(`${brandName} ${formatCode(code)}`)}">` +
    `<rect width="${LABEL_WIDTH}" height="${LABEL_HEIGHT}" fill="#ffffff"/>` +
    `<text x="${LABEL_WIDTH / 2}" y="38" text-anchor="middle" ${font} font-size="15" font-weight="600"${brandSpacing} fill="#2a211b">${brandText}</text>` +
    placedQr +
    logo(LABEL_WIDTH / 2, centre, 24) +
    `<text x="${LABEL_WIDTH / 2}" y="${QR_Y + QR_SIZE + 44}" text-anchor="middle" direction="ltr" ${MONO} font-size="24" font-weight="700" letter-spacing="2" fill="#2a211b">${escapeXml(formatCode(code))}</text>` +
    `<text x="${LABEL_WIDTH / 2}" y="${QR_Y + QR_SIZE + 72}" text-anchor="middle" ${font} font-size="14" fill="#4f4339">${escapeXml(productName)}</text>` +
    `<text x="${LABEL_WIDTH / 2}" y="${QR_Y + QR_SIZE + 94}" text-anchor="middle" ${font} font-size="11" fill="#6e6157">${escapeXml(caption)}</text>` +
    `</svg>`
  );
}

const PIN_LABEL_HEIGHT = 244;

type PinLabelInput = { pin: string; serial: string; brandName: string; words: string; host: string; enterPin: string; direction?: "ltr" | "rtl" };

/**
 * A two-part pack's inner label (issue 27) as one standalone SVG document, the width of the QR label:
 * the brand, the PIN as printed (`ABC-DEF-GHJ`) inside the dashed outline of its scratch panel, where
 * to enter it (the site's host, and "Scan the outer QR, then type this PIN" in the label's language:
 * decision 165), the pack's serial, and "Scratch after purchase". No QR: a QR never carries the PIN.
 */
export function pinLabelSvg({ pin, serial, brandName, words, host, enterPin, direction = "ltr" }: PinLabelInput): string {
  const font = wordsFont(direction);
  const brandText = escapeXml(direction === "rtl" ? brandName : brandName.toUpperCase());
  const brandSpacing = direction === "rtl" ? "" : ` letter-spacing="4"`;
  const middle = LABEL_WIDTH / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LABEL_WIDTH}" height="${PIN_LABEL_HEIGHT}" viewBox="0 0 ${LABEL_WIDTH} ${PIN_LABEL_HEIGHT}" role="img" aria-label="${escapeXml(`${brandName} ${formatCode(serial)}`)}">` +
    `<rect width="${LABEL_WIDTH}" height="${PIN_LABEL_HEIGHT}" fill="#ffffff"/>` +
    `<text x="${middle}" y="34" text-anchor="middle" ${font} font-size="15" font-weight="600"${brandSpacing} fill="#2a211b">${brandText}</text>` +
    `<rect x="40" y="52" width="${LABEL_WIDTH - 80}" height="56" rx="10" fill="none" stroke="#6e6157" stroke-width="1.5" stroke-dasharray="5 4"/>` +
    `<text x="${middle}" y="90" text-anchor="middle" direction="ltr" ${MONO} font-size="28" font-weight="700" letter-spacing="2" fill="#2a211b">${escapeXml(formatPin(pin))}</text>` +
    `<text x="${middle}" y="140" text-anchor="middle" direction="ltr" ${wordsFont("ltr")} font-size="15" font-weight="700" fill="#2a211b">${escapeXml(host)}</text>` +
    `<text x="${middle}" y="162" text-anchor="middle" ${font} font-size="12" fill="#4f4339">${escapeXml(enterPin)}</text>` +
    `<text x="${middle}" y="196" text-anchor="middle" direction="ltr" ${MONO} font-size="14" letter-spacing="1" fill="#4f4339">${escapeXml(formatCode(serial))}</text>` +
    `<text x="${middle}" y="224" text-anchor="middle" ${font} font-size="14" font-weight="600" fill="#2a211b">${escapeXml(words)}</text>` +
    `</svg>`
  );
}
