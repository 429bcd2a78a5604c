/** A product's first image as a small square, or a plain square when it has none. */
export function ProductThumb({ src, className = "size-10" }: { src: string | null; className?: string }) {
  return src ? (
    <img src={src} alt="" width={40} height={40} loading="lazy" className={`${className} shrink-0 rounded-lg bg-sand-100 object-cover`} />
  ) : (
    <span aria-hidden="true" className={`${className} shrink-0 rounded-lg bg-sand-200`} />
  );
}
