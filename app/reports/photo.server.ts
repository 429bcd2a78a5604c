import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { env } from "~/lib/env.server";
import { fail, ok, type Result } from "~/lib/result";

/**
 * The photo of a pack a shopper may add to a counterfeit report (decision 093).
 *
 * - JPEG, PNG or WebP, up to 5 MB, the type read from the file's first bytes (never its name or the
 *   type the browser claims), then decoded by sharp (libvips) to prove it is a whole image.
 * - Metadata stripped: the picture is re-encoded in its own format after turning it upright, which
 *   drops EXIF (GPS position, camera, times), XMP, IPTC, comments and profiles.
 * - Stored under DATA_DIR/reports/ with a random name; only the admin photo route reads it back.
 */

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Refuse decompression bombs: a 5 MB file may not expand past 40 megapixels. */
const MAX_PIXELS = 40_000_000;

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";
export type PhotoError = "photo_too_large" | "photo_type" | "photo_unreadable";
export type StoredPhoto = { name: string; type: PhotoType; bytes: number };

/** The image type of a file from its signature (magic bytes), or null. */
export function sniffImageType(bytes: Uint8Array): PhotoType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return null;
}

const EXTENSION: Record<PhotoType, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };
const FORMAT: Record<PhotoType, "jpeg" | "png" | "webp"> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" };

/** Checks a photo and returns it upright, re-encoded without metadata, or why it was refused. */
export async function cleanPhoto(bytes: Uint8Array): Promise<Result<{ data: Buffer; type: PhotoType }, PhotoError>> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) return fail("photo_too_large");
  const type = sniffImageType(bytes);
  if (!type) return fail("photo_type");
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    if (meta.format !== FORMAT[type]) return fail("photo_type");
    // rotate() with no angle applies the EXIF orientation; the output carries no metadata at all.
    const upright = image.rotate();
    const encoded =
      type === "image/jpeg"
        ? upright.jpeg({ quality: 88, mozjpeg: true })
        : type === "image/png"
          ? upright.png({ compressionLevel: 8 })
          : upright.webp({ quality: 88 });
    return ok({ data: await encoded.toBuffer(), type });
  } catch {
    return fail("photo_unreadable");
  }
}

export function photoDir(): string {
  return join(env().DATA_DIR, "reports");
}

const PHOTO_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** Writes a cleaned photo under a random name (atomically: a temporary file, then a rename). */
export async function storePhoto(photo: { data: Buffer; type: PhotoType }): Promise<StoredPhoto> {
  const dir = photoDir();
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString("hex")}.${EXTENSION[photo.type]}`;
  const temporary = join(dir, `.${name}.tmp`);
  await writeFile(temporary, photo.data, { mode: 0o600 });
  await rename(temporary, join(dir, name));
  return { name, type: photo.type, bytes: photo.data.byteLength };
}

/** A stored photo's bytes (by its stored name only: nothing a visitor typed names a file). */
export async function readPhoto(name: string): Promise<Buffer | null> {
  if (!PHOTO_NAME.test(name)) return null;
  try {
    return await readFile(join(photoDir(), name));
  } catch {
    return null;
  }
}

export async function deletePhoto(name: string): Promise<void> {
  if (PHOTO_NAME.test(name)) await rm(join(photoDir(), name), { force: true });
}
