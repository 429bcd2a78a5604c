/** What a result view shows, prepared by the server in the visitor's language. */
export type ResultView = {
  scanId: string;
  isValid: boolean;
  /** The checked code, grouped (ABCD-1234). */
  code: string;
  /** The server's message (banner). */
  message: string;
  checkedAt: string;
  /** For an already used code: when it was first verified. */
  firstVerified: string | null;
  product: { id: string; name: string; image: string | null } | null;
  /** The print run's lot and best-before date (formatted in the language), or null. */
  lot: string | null;
  bestBefore: string | null;
  /** Checked after its best-before day: genuine, but past its date (said plainly). */
  pastBestBefore: boolean;
};
