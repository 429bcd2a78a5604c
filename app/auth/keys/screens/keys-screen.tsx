import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { useLanguage } from "~/root-data";
import { AdminPagination } from "~/ui/admin-pagination";
import { ScreenHeader } from "~/ui/screen-header";
import { formatNumber } from "~/i18n/format";
import { CreateKeyCard } from "./create-key-card";
import type { KeyReveal } from "./keys-action.server";
import type { KeysScreenData } from "./keys-loader.server";
import { KeysTable, NoScriptRevoke } from "./keys-table";
import { SecretReveal } from "./secret-reveal";

type Answer = { intent: string; result: SubmissionResult<string[]> | null; reveal: KeyReveal | null; toast?: string } | undefined;

/** /admin/dashboard/keys (owners): the API keys, a new key's secret once, creating and revoking keys. */
export function KeysScreen({ data }: { data: KeysScreenData }) {
  const { t } = useTranslation("keys");
  const language = useLanguage();
  const answer = useActionData() as Answer;
  return (
    <>
      <ScreenHeader title={t("title")} description={t("description")} />
      {answer?.reveal ? (
        <div className="mt-8">
          <SecretReveal reveal={answer.reveal} note={answer.toast} />
        </div>
      ) : null}
      <div className="mt-8">
        {data.confirm ? <NoScriptRevoke row={data.confirm} /> : null}
        <KeysTable keys={data.keys} />
        <AdminPagination
          page={data.page}
          totalPages={data.pagination.total_pages}
          totalLabel={t("table.total", { total: formatNumber(data.pagination.total_count, language) })}
          language={language}
        />
      </div>
      <div className="mt-8">
        <CreateKeyCard answer={answer} />
      </div>
    </>
  );
}
