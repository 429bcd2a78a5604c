/**
 * Request bodies read with a cap: the stream is read chunk by chunk and abandoned as soon as it
 * passes the limit, so an oversize body (also a chunked one, with no Content-Length) is never held
 * in memory whole.
 */
export const JSON_BODY_LIMIT = 64 * 1024;

export class BodyTooLarge extends Error {}
export class UnreadableBody extends Error {}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  if (!request.body) return "";
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
  return new TextDecoder().decode(Buffer.concat(chunks));
}
