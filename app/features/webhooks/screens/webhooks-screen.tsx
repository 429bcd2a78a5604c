import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { ScreenHeader } from "~/platform/ui/screen-header";
import { EndpointDetail } from "./endpoint-detail";
import { EndpointForm, type Answer } from "./endpoint-form";
import { EndpointsTable } from "./endpoints-table";
import { SecretPanel } from "./secret-panel";
import type { SecretReveal } from "./webhooks-action.server";
import type { WebhooksScreenData } from "./webhooks-loader.server";
import { endpointUrl, WEBHOOKS_URL } from "./webhooks-url";

type ActionAnswer = (NonNullable<Answer> & { reveal: SecretReveal | null; toast?: string }) | undefined;

/** /admin/dashboard/webhooks (owners): the endpoints and adding one, or one endpoint with its delivery log; a secret once. */
export function WebhooksScreen({ data }: { data: WebhooksScreenData }) {
  const { t } = useTranslation("webhooks");
  const answer = useActionData() as ActionAnswer;
  return (
    <>
      <ScreenHeader title={t("title")} description={t("description")} />
      {answer?.reveal ? <SecretPanel reveal={answer.reveal} note={answer.toast} doneTo={data.view === "endpoint" ? endpointUrl(data.endpoint.id) : WEBHOOKS_URL} /> : null}
      {data.view === "endpoint" ? (
        <EndpointDetail data={data} answer={answer} />
      ) : (
        <>
          <div className="mt-8">
            <EndpointsTable data={data} />
          </div>
          <div className="mt-8">
            <EndpointForm answer={answer} />
          </div>
        </>
      )}
    </>
  );
}
