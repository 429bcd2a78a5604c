import { useNonce } from "./nonce";

/**
 * Structured data for machines (schema.org JSON-LD) in a page's markup. A data block, never run, so the
 * nonce CSP would allow it without one; it carries the request's nonce all the same (the page cache puts
 * a fresh one in, decision 132), so no policy reads it as an inline script. `<` is escaped so no text in
 * it can close the element.
 */
export function JsonLd({ data }: { data: object | null }) {
  const nonce = useNonce();
  if (!data) return null;
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: json }} />;
}
