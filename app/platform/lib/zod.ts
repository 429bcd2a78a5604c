import { z } from "zod";

/**
 * zod, configured once for every schema of the product. `jitless` keeps zod from probing for
 * `new Function` (its fast path for objects), which the site's CSP rightly refuses: in a browser the
 * probe would log a CSP violation on every page that validates a form.
 */
z.config({ jitless: true });

export { z };
