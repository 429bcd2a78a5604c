/**
 * A code, serial or PIN as printed: letters and digits in groups of `size` joined by hyphens
 * (`ABCD1234` → `ABCD-1234`, `EK2HKZ3BEGD` → `EK2H-KZ3B-EGD`). Anything that is not only A–Z and 0–9
 * is left as it is. The one rule for grouping; app/platform/codes/code-format.ts names its uses.
 */
export function grouped(text: string, size = 4): string {
  if (!/^[A-Z0-9]+$/.test(text)) return text;
  return text.match(new RegExp(`.{1,${size}}`, "g"))?.join("-") ?? text;
}
