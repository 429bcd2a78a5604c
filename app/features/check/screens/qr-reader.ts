import zxingWasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/**
 * The QR reader of the verify page's scanner, loaded with the scanner when "Scan the label" is
 * pressed (never with the page). The browser's own BarcodeDetector where it reads QR codes (Chrome
 * on Android and macOS); elsewhere the `barcode-detector` polyfill, ZXing compiled to
 * WebAssembly, fetched then by a dynamic import. Its `.wasm` is this site's own asset (Vite's `?url`,
 * hashed and cached like the other assets), never the polyfill's default CDN: the page's CSP allows
 * only this origin, and `'wasm-unsafe-eval'` on the scanner's pages alone (~/platform/http/scanner-page). The
 * file comes from `zxing-wasm`, which barcode-detector pins to the exact version its glue code was
 * built from (3.1.3 with barcode-detector 3.2.2; the same SHA-256 as its `ZXING_WASM_SHA256`).
 */

export type QrReader = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };

type NativeDetector = {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeReader(): Promise<QrReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes("qr_code") ? new Detector({ formats: ["qr_code"] }) : null;
  } catch {
    return null;
  }
}

/** A reader of QR codes; rejects when none can be made (the polyfill or its WebAssembly failed to load). */
export async function qrReader(): Promise<QrReader> {
  const native = await nativeReader();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  // Compiled now, so a failure shows as one (the polyfill would otherwise fail on every frame).
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith(".wasm") ? zxingWasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
