/**
 * Request bodies read with a cap: the stream is read chunk by chunk and abandoned as soon as it
 * passes the limit, so an oversize body (also a chunked one, with no Content-Length) is never held
 * in memory whole.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

export class BodyTooLarge extends Error {}
export class UnreadableBody extends Error {}

/** A multipart form (a photo and its fields): up to 6 MB in all. */
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
 * A multipart/form-data body read with the cap, then parsed. Throws BodyTooLarge, or UnreadableBody
 * for a body that is not a readable multipart form.
 */
export async function readMultipartForm(request: Request, limit = MULTIPART_BODY_LIMIT): Promise<FormData> {
  const bytes = await readBodyBytes(request, limit);
  try {
    return await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": request.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new UnreadableBody();
  }
}
