import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCode } from "~/platform/codes/code-format";
import { packStateOf } from "~/platform/codes/pack-state";
import { AdminTable, AdminTableMessage, td, th } from "~/platform/ui/admin-table";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { AdminTime } from "~/platform/ui/admin-time";
import { useLanguage } from "~/platform/ui/root-data";
import { counted, formatNumber } from "~/platform/i18n/format";
import type { BatchScreenData } from "./batch-loader.server";

/**
 * A run's codes by serial, paged in the URL, and a link to them in the codes screen (filtered by run).
 * A two-part run lists its packs: place, public serial and state (never the PIN: only the exports
 * carry it).
 */
export function RunCodes({ data }: { data: BatchScreenData }) {
  const { t } = useTranslation("batches");
  const { t: ta } = useTranslation("admin");
  const language = useLanguage();
  const packs = data.batch.label === "two_part";
  // An NFC run's rows are its tags: the UID as the tag prints it, and its first genuine tap.
  const tags = data.batch.label === "nfc";
  return (
    <section aria-labelledby="run-codes-title" className="mt-10">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="run-codes-title" className="font-display text-xl font-semibold text-ink-900">
          {packs ? t("packs.title") : t("codes.title")}
        </h2>
        <Link to={`/admin/dashboard/codes?batch=${encodeURIComponent(data.batch.id)}`} className="text-sm font-semibold text-accent-700 underline-offset-4 hover:underline">
          {t("codes.inCodesScreen")}
        </Link>
      </div>
      {packs ? (
        <RunPacks data={data} />
      ) : (
        <AdminTable caption={t("codes.caption")} minWidth="36rem">
          <thead>
            <tr>
              <th scope="col" className={th}>{t("codes.serial")}</th>
              <th scope="col" className={th}>{t(tags ? "codes.uid" : "codes.code")}</th>
              <th scope="col" className={th}>{t("codes.status")}</th>
              <th scope="col" className={th}>{t(tags ? "codes.firstTap" : "codes.ended")}</th>
            </tr>
          </thead>
          <tbody>
            {data.codes.length === 0 ? (
              <AdminTableMessage colSpan={4}>{t("codes.empty")}</AdminTableMessage>
            ) : (
              data.codes.map((code) => (
                <tr key={code.id} data-testid="run-code" data-code={code.code} className="hover:bg-sand-50">
                  <td className={`${td} tabular-nums`}>{formatNumber(code.serial ?? 0, language)}</td>
                  <td className={td}>
                    <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold tracking-wider" data-testid="code-value">
                      {tags ? code.code : formatCode(code.code)}
                    </bdi>
                    {code.masked ? <span className="sr-only"> {ta("codes.maskedHint")}</span> : null}
                  </td>
                  <td className={td}>{ta(`codes.status.${code.status}`)}</td>
                  <td className={`${td} text-ink-700`}>{code.verified_at ?? code.expired_at ? <AdminTime iso={(code.verified_at ?? code.expired_at)!} language={language} /> : "—"}</td>
                </tr>
              ))
            )}
          </tbody>
        </AdminTable>
      )}
      <AdminPagination
        page={data.page}
        totalPages={data.pagination.total_pages}
        totalLabel={t(packs ? "packs.total" : "codes.total", counted(data.pagination.total_count, language))}
        language={language}
      />
    </section>
  );
}

/** A two-part run's packs: place, serial, state, and when each was verified. */
function RunPacks({ data }: { data: BatchScreenData }) {
  const { t } = useTranslation("batches");
  const { t: ta } = useTranslation("admin");
  const language = useLanguage();
  return (
    <AdminTable caption={t("packs.caption")} minWidth="36rem">
      <thead>
        <tr>
          <th scope="col" className={th}>{t("packs.number")}</th>
          <th scope="col" className={th}>{t("packs.serial")}</th>
          <th scope="col" className={th}>{t("packs.state")}</th>
          <th scope="col" className={th}>{t("packs.verified")}</th>
        </tr>
      </thead>
      <tbody>
        {data.codes.length === 0 ? (
          <AdminTableMessage colSpan={4}>{t("packs.empty")}</AdminTableMessage>
        ) : (
          data.codes.map((pack) => {
            const state = packStateOf(pack);
            return (
              <tr key={pack.id} data-testid="run-pack" data-serial={pack.code} data-state={state} className="hover:bg-sand-50">
                <td className={`${td} tabular-nums`}>{formatNumber(pack.serial ?? 0, language)}</td>
                <td className={td}>
                  <bdi dir="ltr" className="ltr-token whitespace-nowrap font-mono text-sm font-semibold tracking-wider" data-testid="pack-serial">
                    {formatCode(pack.code)}
                  </bdi>
                </td>
                <td className={td}>{ta(`codes.packState.${state}`)}</td>
                <td className={`${td} text-ink-700`}>{pack.verified_at ? <AdminTime iso={pack.verified_at} language={language} /> : "—"}</td>
              </tr>
            );
          })
        )}
      </tbody>
    </AdminTable>
  );
}
