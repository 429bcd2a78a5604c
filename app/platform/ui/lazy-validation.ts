import { useCallback, useRef, useState } from "react";

/**
 * Client-side validation that costs a public page nothing on its first load: the validator (zod and
 * the form's schema, some 20 kB) is fetched when the visitor first focuses the form, and used from
 * then on. A form submitted before it arrived is validated by the server, as without JavaScript.
 * `formProps` go on the form: the focus that starts the fetch, and `data-validator="ready"` once the
 * browser's checks are in place (what the browser tests wait for before sending empty fields).
 */
export function useLazyValidation<V>(load: () => Promise<V>): {
  validator: V | null;
  formProps: { onFocus: () => void; "data-validator": "ready" | undefined };
} {
  const [validator, setValidator] = useState<V | null>(null);
  const started = useRef(false);
  const onFocus = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (loaded) => setValidator(() => loaded),
      () => {
        started.current = false;
      },
    );
  }, [load]);
  return { validator, formProps: { onFocus, "data-validator": validator ? "ready" : undefined } };
}
