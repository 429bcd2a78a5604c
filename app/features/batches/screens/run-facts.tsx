import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminDate, AdminTime } from "~/platform/ui/admin-time";
import { ProductThumb } from "~/platform/ui/product-thumb";
import { formatNumber } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import type { BatchScreenData } from "./batch-loader.server";
import { LotText, RunStatus } from "./status-badge";

type Data = BatchScreenData;

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4" data-testid={testId}>
      <dt className="text-sm font-medium text-ink-500">{label}</dt>
      <dd className="text-ink-900">{children}</dd>
    </div>
  );
}

/** " · by admin", the username isolated left to right. */
function By({ name }: { name: string | null }) {
  const { t } = useTranslation("batches");
  if (!name) return null;
  const [before, after] = t("facts.createdBy", { name: "\u0000" }).split("\u0000");
  return (
    <span className="text-ink-700">
      {" · "}
      {before}
      <bdi dir="ltr">{name}</bdi>
      {after}
    </span>
  );
}

export function RunFacts({ data }: { data: Data }) {
  const { t } = useTranslation("batches");
  const { t: ta } = useTranslation("admin");
  const language = useLanguage();
  const { batch } = data;
  const none = t("facts.none");
  const day = (value: string | null) => (value ? <AdminDate day={value} language={language} /> : none);
  return (
    <section aria-labelledby="facts-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="facts-title" className="font-display text-xl font-semibold text-ink-900">
        {t("facts.title")}
      </h2>
      <dl className="mt-4 grid gap-3">
        <Fact label={t("facts.product")}>
          <span className="flex items-center gap-3">
            <ProductThumb src={data.product?.image ?? null} />
            {data.product?.name ?? ta("codes.table.unknownProduct")}
          </span>
        </Fact>
        <Fact label={t("facts.lot")} testId="fact-lot">
          <LotText lot={batch.lot} />
        </Fact>
        <Fact label={t("facts.quantity")}>{formatNumber(batch.quantity, language)}</Fact>
        <Fact label={t("facts.label")} testId="fact-label">
          {t(`create.labelKinds.${batch.label}`)}
        </Fact>
        <Fact label={t("facts.manufacturedOn")}>{day(batch.manufactured_on)}</Fact>
        <Fact label={t("facts.bestBefore")} testId="fact-best-before">
          {day(batch.best_before)}
        </Fact>
        <Fact label={t("facts.market")}>
          {batch.market ? (
            <>
              {data.marketName} (<bdi dir="ltr">{batch.market}</bdi>)
            </>
          ) : (
            none
          )}
        </Fact>
        <Fact label={t("facts.note")}>{batch.note ? <span className="whitespace-pre-line">{batch.note}</span> : none}</Fact>
        <Fact label={t("facts.created")}>
          <AdminTime iso={batch.created_at} language={language} />
          <By name={data.createdBy} />
        </Fact>
        <Fact label={t("facts.status")}>
          <RunStatus status={batch.status} />
        </Fact>
        {batch.status === "revoked" ? (
          <>
            <Fact label={t("facts.revoked")}>
              {batch.revoked_at ? <AdminTime iso={batch.revoked_at} language={language} /> : none}
              <By name={data.revokedBy} />
            </Fact>
            <Fact label={t("facts.reason")} testId="fact-reason">
              {batch.revoked_reason ? t(`revoke.reasons.${batch.revoked_reason}`) : none}
            </Fact>
            {batch.revoked_note ? <Fact label={t("facts.revokeNote")}>{batch.revoked_note}</Fact> : null}
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function RunCounts({ counts }: { counts: Data["batch"]["counts"] }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const items = [
    { key: "active", tone: "bg-accent-50 text-accent-800" },
    { key: "used", tone: "bg-sand-100 text-ink-900" },
    { key: "expired", tone: "bg-sand-100 text-ink-900" },
    { key: "revoked", tone: "bg-red-50 text-red-800" },
  ] as const;
  return (
    <section aria-labelledby="counts-title" className="h-fit rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="counts-title" className="font-display text-xl font-semibold text-ink-900">
        {t("counts.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {items.map((item) => (
          <div key={item.key} className={`rounded-xl p-4 ${item.tone}`} data-testid={`count-${item.key}`}>
            <dt className="text-sm font-medium">{t(`counts.${item.key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatNumber(counts[item.key], language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}


const countCard = "rounded-xl p-4";

/**
 * A two-part run's counts: its packs by state (sealed, verified, revoked) and its pre-purchase views,
 * which open the scan log on those views.
 */
export function PackCounts({ run, packs }: { run: Data["batch"]; packs: NonNullable<Data["packs"]> }) {
  const { t } = useTranslation("batches");
  const language = useLanguage();
  const items = [
    { key: "sealed", tone: "bg-accent-50 text-accent-800" },
    { key: "verified", tone: "bg-sand-100 text-ink-900" },
    { key: "revoked", tone: "bg-red-50 text-red-800" },
  ] as const;
  const views = `/admin/dashboard/scans?${new URLSearchParams({ kind: "view", batch: run.id, outcome: "valid" }).toString()}`;
  return (
    <section aria-labelledby="counts-title" className="h-fit rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="counts-title" className="font-display text-xl font-semibold text-ink-900">
        {t("packCounts.title")}
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        {items.map((item) => (
          <div key={item.key} className={`${countCard} ${item.tone}`} data-testid={`count-${item.key}`}>
            <dt className="text-sm font-medium">{t(`packCounts.${item.key}`)}</dt>
            <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatNumber(packs[item.key], language)}</dd>
          </div>
        ))}
        <div className={`${countCard} bg-sand-50 text-ink-900`} data-testid="count-views">
          <dt className="text-sm font-medium">
            <Link to={views} className="underline-offset-4 hover:underline">
              {t("packCounts.views")}
            </Link>
          </dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{formatNumber(packs.views, language)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-ink-700">{t("packCounts.viewsHint")}</p>
    </section>
  );
}
