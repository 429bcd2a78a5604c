import { errorCatalogue } from "~/platform/lib/errors";

/** What the packs API answers besides a pack (issue 27): an unknown serial. */
export const packErrors = errorCatalogue("server", {
  pack_not_found: { status: 404, message: "packs.notFound" },
});
