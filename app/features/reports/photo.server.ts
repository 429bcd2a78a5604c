import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { setPriority } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { env } from "~/platform/lib/env.server";
import { createGate } from "~/platform/lib/gate";
import { fail, ok, type Result } from "~/platform/lib/result";

/**
 * The photo of a pack a shopper may add to a counterfeit report (decisions 093 and 148).
 *
 * - JPEG, PNG or WebP, up to 5 MB and 16 megapixels: the type read from the file's first bytes (never
 *   its name or the type the browser claims), its size from its header, before anything is decoded.
 * - Then decoded by sharp (libvips), one photo at a time per process on one libvips thread, which
 *   proves it is a whole image; at most 2000 pixels on its long side are kept.
 * - Metadata stripped: the picture is re-encoded in its own format after turning it upright, which
 *   drops EXIF (GPS position, camera, times), XMP, IPTC, comments and profiles.
 * - Stored under DATA_DIR/reports/ with a random name; only the admin photo route reads it back.
 */

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/**
 * Pixels a photo may have (width × height, from its header): a phone's usual 12 MP picture fits; a
 * small file declaring far more (a decompression bomb: 230 KB for 40 MP) is refused undecoded.
 */
export const MAX_PHOTO_PIXELS = 16_000_000;
/**
 * The long side kept: enough to read a label. A phone's JPEG (4032 × 3024) is then decoded at half
 * its size by libjpeg itself (shrink-on-load), a quarter of the work, and the encoder's work is small.
 */
const KEPT_SIDE = 2000;
/** Photos waiting for their turn to be decoded in one process; past that the report is refused (503). */
const MAX_WAITING = 8;
/**
 * Photos one client may have waiting or being decoded in one process at once (issue 42, N13): one
 * sender never fills the queue, and two shoppers behind one address still both get through.
 */
const PER_CLIENT = 2;
/** What a refused photo's answer says about coming back (`Retry-After`): a photo takes about a second. */
export const PHOTO_RETRY_SECONDS = 5;

// libvips: one thread per image (so one photo being decoded holds one core at most, never the ones
// the event loop and the check's disk flush need), and no operation cache (every photo is new).
sharp.concurrency(1);
sharp.cache(false);

/** One photo decoded at a time per process (decision 148). */
const decoding = createGate(1, MAX_WAITING);
/** Each client's photos waiting or being decoded in this process. */
const inFlight = new Map<string, number>();

/**
 * libvips's threads ("libvips worker", kept from one photo to the next) at the lowest CPU priority,
 * nice 19: when a core is wanted by a request, the decoder gives it up (decision 148). Linux only
 * (/proc); elsewhere, or for a thread that ended meanwhile, nothing happens.
 */
function lowerDecoderPriority(): void {
  let threads: string[];
  try {
    threads = readdirSync("/proc/self/task");
  } catch {
    return;
  }
  for (const tid of threads) {
    try {
      if (readFileSync(`/proc/self/task/${tid}/comm`, "utf8").startsWith("libvips")) setPriority(Number(tid), 19);
    } catch {
      // ended meanwhile
    }
  }
}

export type PhotoType = "image/jpeg" | "image/png" | "image/webp";
export type PhotoError = "photo_too_large" | "photo_too_many_pixels" | "photo_type" | "photo_unreadable" | "photo_busy";
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

/**
 * What can be told without decoding: the size in bytes, the type from the signature, and from the
 * header (read by libvips without decoding the pixels) the format and the pixel count.
 */
export async function checkPhotoHeader(bytes: Uint8Array): Promise<Result<PhotoType, PhotoError>> {
  if (bytes.byteLength > MAX_PHOTO_BYTES) return fail("photo_too_large");
  const type = sniffImageType(bytes);
  if (!type) return fail("photo_type");
  try {
    // No pixel limit here: the header is all that is read, and the count is compared below.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== FORMAT[type]) return fail("photo_type");
    if (!meta.width || !meta.height) return fail("photo_unreadable");
    if (meta.width * meta.height > MAX_PHOTO_PIXELS) return fail("photo_too_many_pixels");
    return ok(type);
  } catch {
    return fail("photo_unreadable");
  }
}

/** Decodes a checked photo and encodes it again, upright, without metadata, at most KEPT_SIDE wide or high. */
async function reencode(bytes: Uint8Array, type: PhotoType): Promise<Result<{ data: Buffer; type: PhotoType }, PhotoError>> {
  try {
    // rotate() with no angle applies the EXIF orientation; the output carries no metadata at all.
    const upright = sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: KEPT_SIDE, height: KEPT_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      type === "image/jpeg"
        ? upright.jpeg({ quality: 85 })
        : type === "image/png"
          ? upright.png({ compressionLevel: 8 })
          : upright.webp({ quality: 88 });
    return ok({ data: await encoded.toBuffer(), type });
  } catch {
    return fail("photo_unreadable");
  }
}

/**
 * Checks a photo and returns it upright, re-encoded without metadata, or why it was refused: the
 * header first, then the decoding, one photo at a time in this process (`photo_busy`, with when to
 * come back, when too many already wait their turn, or this client already has PER_CLIENT of them).
 */
export async function cleanPhoto(bytes: Uint8Array, client = "unknown"): Promise<Result<{ data: Buffer; type: PhotoType }, PhotoError>> {
  const checked = await checkPhotoHeader(bytes);
  if (!checked.ok) return checked;
  const busy = fail("photo_busy" as const, { retryAfterSeconds: PHOTO_RETRY_SECONDS });
  const mine = inFlight.get(client) ?? 0;
  if (mine >= PER_CLIENT) return busy;
  inFlight.set(client, mine + 1);
  try {
    return await decodeInTurn(bytes, checked.value, busy);
  } finally {
    const left = (inFlight.get(client) ?? 1) - 1;
    if (left > 0) inFlight.set(client, left);
    else inFlight.delete(client);
  }
}

async function decodeInTurn(bytes: Uint8Array, type: PhotoType, busy: Result<never, "photo_busy">): Promise<Result<{ data: Buffer; type: PhotoType }, PhotoError>> {
  const done = await decoding.run(async () => {
    // Threads libvips starts for this photo are lowered once they exist, the ones it keeps before.
    lowerDecoderPriority();
    const soon = setTimeout(lowerDecoderPriority, 20);
    try {
      return await reencode(bytes, type);
    } finally {
      clearTimeout(soon);
      lowerDecoderPriority();
    }
  });
  return done.ran ? done.value : busy;
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
