import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { isolated } from "~/platform/lib/bidi";
import { BidiText } from "~/platform/ui/bidi-text";
import { AlertCircleIcon, CheckCircleIcon, ShieldCheckIcon } from "~/platform/ui/icons";
import { PageMeta } from "~/platform/ui/page-meta";
import { SubmitButton } from "~/platform/ui/submit-button";

/** The pages a registration's links open (decision 162): one card each, in the shopper's language. */

export type DoneKind = "check-inbox" | "confirmed" | "unsubscribed" | "link-sent";

/** What the confirmation and unsubscribe pages show: the run the link names, or that it does not work (`expired`: an unsubscribe link past its days). */
export type LinkView = { valid: true; product: string; lot: string } | { valid: false; expired?: boolean };

function Card({ title, meta, tone = "neutral", children, testId }: { title: string; meta: string; tone?: "neutral" | "done" | "error"; children: React.ReactNode; testId: string }) {
  const Icon = tone === "error" ? AlertCircleIcon : tone === "done" ? CheckCircleIcon : ShieldCheckIcon;
  const colours = tone === "error" ? "border-red-300 bg-red-50 text-red-900" : tone === "done" ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-ink-900/10 bg-white text-ink-900";
  return (
    <section className="bg-gradient-to-b from-sand-100 to-sand-50">
      <PageMeta title={meta} noindex />
      <div className="mx-auto max-w-2xl px-5 pb-20 pt-10 sm:px-8 lg:pt-16">
        <div className={`rounded-3xl border p-6 shadow-sm sm:p-9 ${colours}`} data-testid={testId}>
          <Icon className="size-9" />
          <h1 className="mt-3 text-2xl font-semibold sm:text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/** "Check your inbox", "You will hear about this product", "You are unsubscribed", "A new link is on its way". */
export function DoneScreen({ kind }: { kind: DoneKind }) {
  const { t } = useTranslation("registrations");
  const words: Record<DoneKind, [string, string, string]> = {
    "check-inbox": [t("sent.title"), t("sent.body"), t("sent.metaTitle")],
    confirmed: [t("confirm.doneTitle"), t("confirm.doneBody"), t("confirm.doneTitle")],
    unsubscribed: [t("unsubscribe.doneTitle"), t("unsubscribe.doneBody"), t("unsubscribe.doneTitle")],
    "link-sent": [t("unsubscribe.sentTitle"), t("unsubscribe.sentBody"), t("unsubscribe.sentTitle")],
  };
  const [title, body, meta] = words[kind];
  return (
    <Card title={title} meta={meta} tone="done" testId={`registration-${kind}`}>
      <p className="mt-4">{body}</p>
      <Link to="/verify" className="btn-primary mt-6">
        {t("sent.back")}
      </Link>
    </Card>
  );
}

/** A link that no longer works: used, expired or never valid (answered 404). */
function Invalid({ meta }: { meta: string }) {
  const { t } = useTranslation("registrations");
  return (
    <Card title={meta} meta={meta} tone="error" testId="registration-link-invalid">
      <p className="mt-4">{t("errors.token_invalid")}</p>
    </Card>
  );
}

/** An unsubscribe link past its days: nothing is deleted; a button asks for a fresh link to the address it was for. */
function Expired({ action }: { action: string }) {
  const { t } = useTranslation("registrations");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Card title={t("unsubscribe.expiredTitle")} meta={t("unsubscribe.metaTitle")} tone="error" testId="registration-link-expired">
      <p className="mt-4">{t("unsubscribe.expiredBody")}</p>
      <Form method="post" action={action} className="mt-6">
        <input type="hidden" name="intent" value="resend" />
        <SubmitButton pending={pending} label={t("unsubscribe.resend")} pendingLabel={t("unsubscribe.resending")} />
      </Form>
    </Card>
  );
}

/** The confirmation link's page: a button (a POST confirms; a mail scanner's prefetch only reads). */
export function LinkScreen({ kind, view, action }: { kind: "confirm" | "unsubscribe"; view: LinkView; action: string }) {
  const { t } = useTranslation("registrations");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === action;
  if (!view.valid) return view.expired ? <Expired action={action} /> : <Invalid meta={t(`${kind}.metaTitle`)} />;
  const body = kind === "confirm" ? t("confirm.body", isolated({ lot: view.lot, product: view.product }, ["product"])) : t("unsubscribe.body");
  return (
    <Card title={t(`${kind}.title`)} meta={t(`${kind}.metaTitle`)} testId={`registration-${kind}`}>
      <p className="mt-4">
        <BidiText text={body} />
      </p>
      <Form method="post" action={action} className="mt-6">
        <SubmitButton pending={pending} label={t(`${kind}.button`)} pendingLabel={t(`${kind}.button`)} />
      </Form>
    </Card>
  );
}
