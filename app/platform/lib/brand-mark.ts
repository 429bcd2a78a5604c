/**
 * The brand's mark, a crescent inside a ring (Lunara, from luna), in a 32 × 32 box: the one drawing
 * behind every QR label's centre, the favicon and the logo (its mask in app.css, `.logo-mark`; tests
 * hold both files to it). Never mirrored.
 */
export const BRAND_MARK = {
  size: 32,
  ring: { cx: 16, cy: 16, r: 14.5, strokeWidth: 1.5 },
  crescent: "M19.5 7.5a9 9 0 1 0 0 17 7.2 7.2 0 0 1 0-17Z",
} as const;

/** The mark as SVG markup in one colour, for drawings made as strings (the QR label). */
export function brandMarkSvg(color: string): string {
  const { ring, crescent } = BRAND_MARK;
  return (
    `<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" fill="none" stroke="${color}" stroke-width="${ring.strokeWidth}"/>` +
    `<path d="${crescent}" fill="${color}"/>`
  );
}
