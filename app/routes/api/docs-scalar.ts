import { scalarScript } from "~/composers/openapi/scalar.server";

/** GET /api/docs/scalar.js: the API reference's renderer (Scalar), served from this site (decision 157). */
export function loader() {
  return scalarScript();
}
