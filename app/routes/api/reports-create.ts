import { apiFailure, apiRoute, readBodyWithFiles } from "~/platform/http/api.server";
import { clientHash } from "~/platform/http/client.server";
import { apiOk } from "~/platform/http/envelope.server";
import { requestLanguage, requestT } from "~/platform/i18n/i18n.server";
import { reportErrors } from "~/features/reports/errors";
import { createReport } from "~/features/reports/reports.server";
import { reportSchema } from "~/features/reports/schemas";
import { ok, type ApiContract } from "~/platform/http/contract";
import { z } from "~/platform/lib/zod";

const contract = {
  POST: {
    tag: "Reports",
    summary: "Report a counterfeit",
    description: "JSON, or multipart/form-data with the photo as a file field (JPEG, PNG or WebP, at most 5 MB and 16 megapixels). 404 unknown scan, 409 a genuine result, 503 when too many photos wait to be decoded.",
    body: (t) => reportSchema(t("report"), { requireConsent: false }),
    multipart: true,
    answers: [ok(z.object({ reference: z.string() }), "The report's reference.", 201)],
    errors: [400, 404, 409],
    limited: true,
  },
} satisfies ApiContract;

/**
 * POST /api/v1/reports/create/ (public), JSON or multipart/form-data: `{scan_id, seller, city, country,
 * purchased_on, contact?, photo?}` → 201, `data: {reference}`. The photo travels as a multipart file
 * field (one file, at most 20 parts). 429 past the hourly limit (asked first: every report that gets
 * that far counts), 400 for malformed fields or a photo that is not a JPEG, PNG or WebP image, 404 for an
 * unknown scan, 409 for a genuine result, 413 for a photo over 5 MB or 16 megapixels (or a form past
 * its part caps), 503 with Retry-After when too many photos already wait to be decoded (or this client
 * already has two waiting).
 */
const route = apiRoute(
  contract,
  {
    POST: async (args) => {
      const t = requestT(args.context, "report");
      const { value, files, jsonFields } = await readBodyWithFiles(args, reportSchema(t, { requireConsent: false }));
      if (jsonFields.has("photo")) return apiFailure(args.context, reportErrors, { ok: false, error: "photo_requires_multipart" });
      const created = await createReport({
        input: value,
        photo: files.get("photo") ?? null,
        lang: requestLanguage(args.context),
        clientHash: clientHash(args.request),
      });
      if (!created.ok) return apiFailure(args.context, reportErrors, created);
      return apiOk({ reference: created.value.reference }, t("sent.title"), { status: 201 });
    },
  },
  { unavailable: { namespace: "report", message: "form.failed", error: "report_failed" } },
);

export const loader = route.loader;
export const action = route.action;
