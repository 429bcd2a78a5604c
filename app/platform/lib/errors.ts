import type { Namespace, ParseKeys, TFunction } from "i18next";

/**
 * One error catalogue per feature: each domain error with its HTTP status and the key of its message
 * in one dictionary namespace. The API answers `status` with the message in the envelope; a page shows
 * the same message. (`rate_limited` and invalid input are answered by the HTTP edge for every feature.)
 */
export type ErrorEntry<N extends Namespace> = {
  status: number;
  message: ParseKeys<N>;
  /** The error's name in the API's envelope, when it differs from the domain's (several may share one). */
  code?: string;
};

export type ErrorCatalogue<E extends string, N extends Namespace = Namespace> = {
  namespace: N;
  errors: Record<E, ErrorEntry<N>>;
};

export function errorCatalogue<E extends string, N extends Namespace>(namespace: N, errors: Record<E, ErrorEntry<N>>): ErrorCatalogue<E, N> {
  return { namespace, errors };
}

/** The message of an error, in the language of `t` (a `t` of the catalogue's namespace). */
export function errorMessage<E extends string, N extends Namespace>(
  t: TFunction<N>,
  catalogue: ErrorCatalogue<E, N>,
  error: E,
): string {
  // ParseKeys<N> is exactly what t of namespace N accepts.
  return (t as unknown as (key: string) => string)(catalogue.errors[error].message as string);
}
