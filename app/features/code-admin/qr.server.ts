import { brand } from "~/platform/lib/env.server";
import type { Language } from "~/platform/i18n/languages";
import { getProduct, productName } from "~/platform/catalog/catalog";
import type { Code } from "@db/schema";
import { shownCode } from "~/platform/codes/code-store.server";
import { labelFileName, labelSvg, verifyUrl } from "~/platform/codes/qr";
import { privateHeaders } from "~/platform/http/private.server";

/**
 * The QR label of a code as an SVG download, for admins without JavaScript (with JavaScript the
 * browser draws the same label and saves it as a PNG).
 */
export async function qrLabelResponse(code: Code, language: Language, caption: string): Promise<Response> {
  const b = brand();
  // A pack's serial, never its PIN (its own label, a GS1 Digital Link, is the print run's).
  const text = shownCode(code);
  const product = getProduct(code.product_id);
  const name = product ? productName(product, language) : code.product_id;
  const svg = await labelSvg({
    url: verifyUrl(b.siteUrl, text),
    code: text,
    productName: name,
    brandName: language === "ar" ? b.nameAr : b.name,
    caption,
    direction: language === "ar" ? "rtl" : "ltr",
  });
  const fileName = labelFileName(b.name, product?.name ?? "product", text, "svg");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${svg}`, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      ...privateHeaders(),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}
