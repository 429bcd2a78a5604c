import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { PNG } from "pngjs";
import sharp from "sharp";

/**
 * Comparing drawn text with a reference drawing of it, for the label sheets' Arabic (decision 151):
 * a line of a PDF page rendered by poppler's pdftoppm, against the same string shaped and ordered
 * by another text stack (Pango, with HarfBuzz and FriBidi, through sharp's text input) in the same
 * font file. Both are binarised, cut to their ink, scaled to one height, and compared column by
 * column: the share of ink that is not where the other drawing has it.
 */

/**
 * A WOFF 1 font as the TrueType file it wraps (tables inflated, the directory rebuilt): Pango's
 * FreeType here does not open WOFF, and would silently draw another font.
 */
export function woffToTtf(woffPath: string, ttfPath: string): string {
  const woff = readFileSync(woffPath);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const at = 44 + i * 20;
    const [offset, packed, length] = [woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12)];
    const raw = woff.subarray(offset, offset + packed);
    return { tag: woff.readUInt32BE(at), checksum: woff.readUInt32BE(at + 16), data: packed < length ? inflateSync(raw) : raw };
  });
  let range = 1;
  let selector = 0;
  while (range * 2 <= count) [range, selector] = [range * 2, selector + 1];
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(range * 16, 6);
  head.writeUInt16BE(selector, 8);
  head.writeUInt16BE(count * 16 - range * 16, 10);
  const parts = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    head.writeUInt32BE(table.tag, 12 + i * 16);
    head.writeUInt32BE(table.checksum, 12 + i * 16 + 4);
    head.writeUInt32BE(offset, 12 + i * 16 + 8);
    head.writeUInt32BE(table.data.length, 12 + i * 16 + 12);
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  writeFileSync(ttfPath, Buffer.concat(parts));
  return ttfPath;
}

/** Ink as 0/1 per pixel, row by row. */
export type Ink = { width: number; height: number; data: Uint8Array };

/**
 * The lines of ink from top to bottom: rows with ink, runs closer than `gap` rows joined (an Arabic
 * letter's dots and marks stand a little apart from it).
 */
export function inkLines(ink: Ink, gap: number): Ink[] {
  const rows = Array.from({ length: ink.height }, (_, y) => ink.data.subarray(y * ink.width, (y + 1) * ink.width).some(Boolean));
  const bands: [number, number][] = [];
  rows.forEach((inked, y) => {
    if (!inked) return;
    const last = bands[bands.length - 1];
    if (last && y - last[1] <= gap) last[1] = y;
    else bands.push([y, y]);
  });
  return bands.map(([top, bottom]) => ({ width: ink.width, height: bottom - top + 1, data: ink.data.slice(top * ink.width, (bottom + 1) * ink.width) }));
}

/** The ink of a box (mm from the page's top-left corner) of page `page`, rendered at `dpi` with `pdftoppm -gray -r DPI -x -y -W -H`. */
export function pdfInk(file: string, page: number, box: { x: number; y: number; width: number; height: number }, dpi: number, dir: string, name: string): Ink {
  const px = (mm: number) => Math.round((mm / 25.4) * dpi);
  execFileSync("pdftoppm", ["-gray", "-png", "-r", String(dpi), "-f", String(page), "-l", String(page), "-x", String(px(box.x)), "-y", String(px(box.y)), "-W", String(px(box.width)), "-H", String(px(box.height)), "-singlefile", file, join(dir, name)]);
  const png = PNG.sync.read(readFileSync(join(dir, `${name}.png`)));
  const data = new Uint8Array(png.width * png.height);
  for (let i = 0; i < data.length; i++) data[i] = png.data[i * 4]! < 128 ? 1 : 0;
  return { width: png.width, height: png.height, data };
}

const escapeMarkup = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The ink of `text` drawn by Pango (sharp's text input) in `family` from `fontfile`, `fallback`
 * families for what it lacks; the paragraph's direction is Pango's (the first strong letter's).
 */
export async function pangoInk(text: string, fontfile: string, family: string, fallback: string, dpi: number): Promise<Ink> {
  const { data, info } = await sharp({ text: { text: escapeMarkup(text), font: `${family},${fallback} 12`, fontfile, dpi } })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = new Uint8Array(info.width * info.height);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i]! >= 128 ? 1 : 0;
  return { width: info.width, height: info.height, data: ink };
}

/** The smallest box holding all the ink. */
export function trimInk(ink: Ink): Ink {
  let [x0, y0, x1, y1] = [ink.width, ink.height, -1, -1];
  for (let y = 0; y < ink.height; y++) {
    for (let x = 0; x < ink.width; x++) {
      if (!ink.data[y * ink.width + x]) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) return { width: 0, height: 0, data: new Uint8Array() };
  const width = x1 - x0 + 1;
  const height = y1 - y0 + 1;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) data.set(ink.data.subarray((y0 + y) * ink.width + x0, (y0 + y) * ink.width + x0 + width), y * width);
  return { width, height, data };
}

/** The ink's column profile at `columns` columns: the share of ink in each, after scaling to one aspect. */
function profile(ink: Ink, columns: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < columns; c++) {
    const from = Math.floor((c / columns) * ink.width);
    const to = Math.max(from + 1, Math.floor(((c + 1) / columns) * ink.width));
    let sum = 0;
    for (let x = from; x < to; x++) for (let y = 0; y < ink.height; y++) sum += ink.data[y * ink.width + x]!;
    out.push(sum / ((to - from) * ink.height));
  }
  return out;
}

/**
 * How far apart two drawings of a line are, 0 (same) to 1: after cutting both to their ink, the
 * difference of their aspect ratios plus the share of their column profiles (smoothed over a few
 * columns, both at the same width) that differs.
 */
export function inkDistance(a: Ink, b: Ink, columns = 240): number {
  const [ta, tb] = [trimInk(a), trimInk(b)];
  if (!ta.width || !tb.width) return 1;
  const aspect = (ink: Ink) => ink.width / ink.height;
  const aspectGap = Math.abs(aspect(ta) - aspect(tb)) / Math.max(aspect(ta), aspect(tb));
  const smooth = (values: number[]) => values.map((_, i) => values.slice(Math.max(0, i - 2), i + 3).reduce((s, v) => s + v, 0) / 5);
  const [pa, pb] = [smooth(profile(ta, columns)), smooth(profile(tb, columns))];
  const differ = pa.reduce((sum, v, i) => sum + Math.abs(v - pb[i]!), 0);
  const total = pa.reduce((sum, v, i) => sum + v + pb[i]!, 0);
  return Math.min(1, aspectGap + differ / total);
}
