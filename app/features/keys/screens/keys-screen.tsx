import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { ScreenHeader } from "~/platform/ui/screen-header";
import { CreateKeyCard } from "./create-key-card";
import type { KeyReveal } from "./keys-action.server";
import type { KeysScreenData } from "./keys-loader.server";
import { KeysTable, NoScriptRevoke } from "./keys-table";
import { SecretReveal } from "./secret-reveal";

type Answer = { intent: string; result: SubmissionResult<string[]> | null; reveal: KeyReveal | null; toast?: string } | undefined;

/** /admin/dashboard/keys (owners): the API keys, a new key's secret once, creating and revoking keys. */
export function KeysScreen({ data }: { data: KeysScreenData }) {
  const { t } = useTranslation("keys");
  const answer = useActionData() as Answer;
  return (
    <>
      <ScreenHeader title={t("title")} description={t("description")} />
      {answer?.reveal ? <SecretReveal reveal={answer.reveal} note={answer.toast} className="mt-8" /> : null}
      <div className="mt-8">
        {data.confirm ? <NoScriptRevoke row={data.confirm} /> : null}
        <KeysTable keys={data.keys} page={data.page} pagination={data.pagination} />
      </div>
      <div className="mt-8">
        <CreateKeyCard answer={answer} />
      </div>
    </>
  );
}
