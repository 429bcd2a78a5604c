import { useTranslation } from "react-i18next";
import { useActionData } from "react-router";
import { counted } from "~/platform/i18n/format";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { ScreenHeader } from "~/platform/ui/screen-header";
import type { SubmissionResult } from "@conform-to/react";
import { ROLES } from "~/platform/access/permissions";
import { AddMemberCard } from "./add-member-card";
import { MembersTable, useDisableWords } from "./members-table";
import { ConfirmStep, useConfirmHref } from "~/platform/ui/confirmed-action";
import { RevealPanel } from "./reveal";
import { SecurityCard } from "./security-card";
import type { Reveal } from "./team-action.server";
import type { TeamScreenData } from "./team-loader.server";

type Answer = { intent: string; result: SubmissionResult<string[]> | null; reveal: Reveal | null; toast?: string } | undefined;

/** Disable's confirmation step without JavaScript, above the members. */
function NoScriptDisable({ member }: { member: NonNullable<TeamScreenData["confirmDisable"]> }) {
  const back = useConfirmHref("disable")(null);
  return <ConfirmStep id="confirm-disable" words={useDisableWords(member.username)} fields={{ intent: "disable", id: member.id }} back={back} />;
}

/** /admin/dashboard/team (owner): the members, adding one, what each role may do, two-factor for everyone. */
export function TeamScreen({ data }: { data: TeamScreenData }) {
  const { t } = useTranslation("team");
  const { t: tAdmin } = useTranslation("admin");
  const language = useLanguage();
  const answer = useActionData() as Answer;
  return (
    <>
      <ScreenHeader title={t("title")} description={t("description")} />
      {answer?.reveal ? (
        <div className="mt-8">
          <RevealPanel reveal={answer.reveal} note={answer.toast} />
        </div>
      ) : null}
      <div className="mt-8">
        {data.confirmDisable ? <NoScriptDisable member={data.confirmDisable} /> : null}
        <MembersTable members={data.members} me={data.me} />
        <AdminPagination
          page={data.page}
          totalPages={data.pagination.total_pages}
          totalLabel={t("table.total", counted(data.pagination.total_count, language))}
          language={language}
        />
      </div>
      <div className="mt-8 grid gap-6">
        <AddMemberCard answer={answer} mailConfigured={data.mailConfigured} />
        <div className="grid gap-6 lg:grid-cols-2">
          <section aria-labelledby="roles-title" className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="roles-title" className="font-display text-xl font-semibold text-ink-900">
              {t("roles.title")}
            </h2>
            <dl className="mt-4 grid gap-3">
              {ROLES.map((role) => (
                <div key={role}>
                  <dt className="font-semibold text-ink-900">{tAdmin(`roles.${role}`)}</dt>
                  <dd className="text-sm text-ink-700">{t(`roles.${role}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <SecurityCard required={data.mfaRequired} />
        </div>
      </div>
    </>
  );
}
