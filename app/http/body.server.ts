/**
 * Request bodies read with a cap: the stream is read chunk by chunk and abandoned as soon as it
 * passes the limit, so an oversize body (also a chunked one, with no Content-Length) is never held
 * in memory whole.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

export class BodyTooLarge extends Error {}
export class UnreadableBody extends Error {}

/** A multipart form (a photo and its fields): up to 6 MB in all (and MULTIPART_LIMITS below). */
export const MULTIPART_BODY_LIMIT = 6 * 1024 * 1024;

export async function readBodyText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limit));
}

/** The body's bytes, read with the cap (BodyTooLarge past it, UnreadableBody if the stream breaks). */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw new BodyTooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof BodyTooLarge) throw error;
    throw new UnreadableBody();
  }
  return Buffer.concat(chunks);
}

/**
 * What one multipart form may hold besides its size: a browser's form with a photo has a dozen parts,
 * short fields and one file. The parts are counted in the raw bytes before anything parses them, so
 * 85,000 tiny parts cost a scan of the bytes, not 85,000 entries built on the main thread.
 */
export const MULTIPART_LIMITS = { parts: 20, fieldBytes: 64 * 1024, files: 1 };

/** A multipart form past MULTIPART_LIMITS (too many parts or files, a field too long): answered 413. */
export class FormOverLimits extends BodyTooLarge {}

function boundaryOf(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2]!) : null;
}

/** How many delimiters the body holds (parts + 1 with the closing one), counting no further than `max`. */
function delimiters(bytes: Buffer, boundary: string, max: number): number {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let count = bytes.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? 1 : 0;
  for (let at = bytes.indexOf(delimiter); at !== -1 && count <= max; at = bytes.indexOf(delimiter, at + delimiter.length)) count++;
  return count;
}

/**
 * A multipart/form-data body read with the cap, its parts counted, then parsed once. Throws
 * BodyTooLarge past the byte cap, FormOverLimits past MULTIPART_LIMITS, or UnreadableBody for a body
 * that is not a readable multipart form.
 */
export async function readMultipartForm(request: Request, limit = MULTIPART_BODY_LIMIT): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  const boundary = boundaryOf(contentType);
  if (!boundary) throw new UnreadableBody();
  const raw = await readBodyBytes(request, limit);
  const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  if (delimiters(bytes, boundary, MULTIPART_LIMITS.parts + 1) > MULTIPART_LIMITS.parts + 1) throw new FormOverLimits();
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new UnreadableBody();
  }
  let files = 0;
  for (const [, entry] of form.entries()) {
    if (typeof entry === "string" ? Buffer.byteLength(entry) > MULTIPART_LIMITS.fieldBytes : ++files > MULTIPART_LIMITS.files) throw new FormOverLimits();
  }
  return form;
}
