// at: app/features/code-admin/fixture.ts
// A feature's modules never reach up into its own screens/.
import { codesHref } from "~/features/code-admin/screens/codes-url";

export const href = codesHref;
