import { privateHeaders } from "~/platform/http/private.server";

/**
 * A response body pulled from an async generator: each chunk is produced only when the client has
 * taken the previous one (React Router's Node adapter waits for the socket to drain), so an export
 * of any size holds about one chunk in memory. A client that goes away stops the generator.
 */
export function pullStream(source: AsyncGenerator<Uint8Array | string, void, undefined>, label: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await source.next();
          if (done) {
            controller.close();
            return;
          }
          const bytes = typeof value === "string" ? encoder.encode(value) : value;
          if (bytes.byteLength === 0) continue;
          controller.enqueue(bytes);
          return;
        }
      } catch (error) {
        console.error(`${label} failed while streaming:`, error);
        controller.error(error);
      }
    },
    async cancel() {
      await source.return(undefined);
    },
  });
}

/** The headers of an admin-only download: an attachment, never cached, stored or indexed. */
export function downloadHeaders(contentType: string, fileName: string): Headers {
  const ascii = fileName.replace(/[^A-Za-z0-9._-]+/g, "_");
  return new Headers({
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    ...privateHeaders(),
  });
}

/** A lot as part of a file name: letters, digits, dot, dash and underscore only. */
export function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, "_").replace(/^_+|_+$/g, "") || "run";
}
