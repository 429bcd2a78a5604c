import { requireApiAdmin } from "~/features/sessions/guard.server";
import { batchDownload } from "~/features/print-files/export-api.server";
import { apiRoute } from "~/platform/http/api.server";
import { file, type ApiContract } from "~/platform/http/contract";

const contract = {
  GET: {
    permission: "batches:keys",
    tag: "Print runs",
    summary: "Download an NFC run's encoder file (CSV)",
    description:
      "`uid,meta_read_key,file_read_key,url_template` per tag, for the tag programming station: `url_template` is the lot-level GS1 Digital Link with the SUN mirror's placeholders (`?e={PICCData}&c={SDMMAC}`). The only place the run's keys are ever shown; owners only, audited. 404 for a run without NFC tags, 409 once revoked.",
    answers: [file("text/csv", "The encoder's CSV, streamed.")],
    errors: [404, 409],
  },
} satisfies ApiContract;

/** GET /api/v1/batches/{id}/nfc.csv: an NFC run's encoder file (owners only), streamed, `no-store`; 404 unknown run or not NFC, 409 revoked. */
const route = apiRoute(contract, {
  GET: async (args) => batchDownload(args, await requireApiAdmin(args), "nfc"),
});

export const loader = route.loader;
export const action = route.action;
