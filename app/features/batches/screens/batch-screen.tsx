import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { adminDay } from "~/platform/ui/admin-time";
import { isolated } from "~/platform/lib/bidi";
import { useLanguage } from "~/platform/ui/root-data";
import { BidiText } from "~/platform/ui/bidi-text";
import { PageMeta } from "~/platform/ui/page-meta";
import type { BatchScreenData } from "./batch-loader.server";
import { BATCHES_PATH } from "./batches-url";
import { Downloads } from "./downloads";
import { RecallControl } from "./recall-control";
import { RevokeControl } from "./revoke-control";
import { RunCodes } from "./run-codes";
import { RunRegistrants } from "./run-registrants";
import { PackCounts, RunCounts, RunFacts } from "./run-facts";
import { RecalledBadge, RunStatus } from "./status-badge";

/** /admin/dashboard/batches/{id}: a run's facts and counts, its downloads, revoke, and its codes. */
export function BatchScreen({ data }: { data: BatchScreenData }) {
  const { t } = useTranslation("batches");
  const { batch } = data;
  const language = useLanguage();
  const title = t("runTitle", { lot: batch.lot });
  const [before, after] = t("runTitle", { lot: "\u0000" }).split("\u0000");
  return (
    <>
      <PageMeta title={title} noindex />
      <Link to={BATCHES_PATH} className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-accent-700 underline-offset-4 hover:underline">
        <span aria-hidden="true" className="rtl:-scale-x-100">←</span>
        {t("backToList")}
      </Link>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="font-display text-3xl font-semibold text-ink-900">
          {before}
          <bdi dir="ltr" className="whitespace-nowrap">
            {batch.lot}
          </bdi>
          {after}
        </h1>
        <RunStatus status={batch.status} />
        {batch.recall ? <RecalledBadge /> : null}
      </div>
      {batch.recall ? (
        <div role="note" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="run-recall">
          <p className="font-semibold">
            <BidiText text={t("recall.notice", isolated({ date: adminDay(batch.recall.since, language) }, ["date"]))} />
          </p>
          <p className="mt-2 whitespace-pre-line" lang="en" dir="ltr">
            {batch.recall.notice_en}
          </p>
          <p className="mt-2 whitespace-pre-line" lang="ar" dir="rtl">
            {batch.recall.notice_ar}
          </p>
          {/* The EU recall notice's hazard and remedy (decision 191); none on a recall made before them. */}
          {(["hazard", "remedy"] as const).map((part) =>
            batch.recall![`${part}_en`] ? (
              <div key={part} className="mt-3 border-t border-amber-300/60 pt-2" data-testid={`run-recall-${part}`}>
                <p className="font-semibold">{t(`recall.${part}`)}</p>
                <p className="mt-1 whitespace-pre-line" lang="en" dir="ltr">
                  {batch.recall![`${part}_en`]}
                </p>
                <p className="mt-1 whitespace-pre-line" lang="ar" dir="rtl">
                  {batch.recall![`${part}_ar`]}
                </p>
              </div>
            ) : null,
          )}
        </div>
      ) : null}
      {batch.status === "revoked" ? (
        <p role="note" className="mt-4 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900">
          {t("revoke.revokedNotice")}
        </p>
      ) : null}
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <RunFacts data={data} />
        {data.packs ? <PackCounts run={batch} packs={data.packs} /> : <RunCounts counts={batch.counts} />}
      </div>
      <div className="mt-6 grid gap-6">
        {/* A revoked run is not printed again: its downloads answer 409 (decision 149). */}
        {data.can.export && batch.status !== "revoked" ? <Downloads run={batch} keys={data.can.keys} companion={data.companion} /> : null}
        {data.registrants ? <RunRegistrants runId={batch.id} registrants={data.registrants} canExport={data.can.registrations} /> : null}
        {data.can.write && batch.status === "active" ? <RecallControl run={batch} /> : null}
        {/* A recalled run is revoked only once its recall is lifted (decision 153). */}
        {data.can.write && batch.status === "active" && !batch.recall ? <RevokeControl run={batch} /> : null}
      </div>
      <RunCodes data={data} />
    </>
  );
}
