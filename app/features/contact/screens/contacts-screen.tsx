import { useTranslation } from "react-i18next";
import { useLocation, useNavigation } from "react-router";
import { counted } from "~/platform/i18n/format";
import type { Language } from "~/platform/i18n/languages";
import { useLanguage } from "~/platform/ui/root-data";
import { AdminPagination } from "~/platform/ui/admin-pagination";
import { AdminTable, AdminTableMessage, stackedCell, stackedRow, td, th } from "~/platform/ui/admin-table";
import { AdminTime } from "~/platform/ui/admin-time";
import { Isolated } from "~/platform/ui/isolated";
import { MailOffNote } from "~/platform/ui/mail-off-note";
import { PageMeta } from "~/platform/ui/page-meta";
import type { ContactsScreenData } from "./contacts-loader.server";

/** A cell: at the top of its row (an opened message makes the row tall), a card's part on phones. */
const cell = `${td.replace("align-middle", "align-top")} ${stackedCell}`;

/** WhatsApp's click-to-chat link takes the number in international form, digits only. */
function whatsappHref(phone: string) {
  const digits = phone.replace(/\D+/g, "").replace(/^00/, "");
  return digits ? `https://wa.me/${digits}` : null;
}

/** The contact messages screen: newest first, ten a page; each message opens in place. */
export function ContactsScreen({ data }: { data: ContactsScreenData }) {
  const { t } = useTranslation("admin");
  const language = useLanguage();
  const navigation = useNavigation();
  const location = useLocation();
  const loading = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const { contacts, pagination, page } = data;
  return (
    <>
      <PageMeta title={t("contacts.title")} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{t("contacts.title")}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{t("contacts.description")}</p>
      <ContactNotify notify={data.notify} />
      <div className="mt-8">
        {/* On phones each message is a card (sender and date on top, the message below), so nothing
            scrolls sideways; every row keeps sender and date at its top when a message is opened. */}
        <AdminTable caption={t("contacts.table.caption")} busy={loading} stackOnPhones>
          <thead>
            <tr>
              <th scope="col" className={th}>{t("contacts.table.name")}</th>
              <th scope="col" className={th}>{t("contacts.table.phone")}</th>
              <th scope="col" className={th}>{t("contacts.table.message")}</th>
              <th scope="col" className={th}>{t("contacts.table.date")}</th>
            </tr>
          </thead>
          <tbody>
            {loading ? (
              <AdminTableMessage colSpan={4} loading>
                {t("loading")}
              </AdminTableMessage>
            ) : contacts.length === 0 ? (
              <AdminTableMessage colSpan={4}>{t("contacts.empty")}</AdminTableMessage>
            ) : (
              contacts.map((c) => <ContactRow key={c.id} contact={c} language={language} />)
            )}
          </tbody>
        </AdminTable>
        <AdminPagination
          page={page}
          totalPages={pagination.total_pages}
          totalLabel={t("pagination.totalContacts", counted(pagination.total_count, language))}
          language={language}
        />
      </div>
    </>
  );
}

/** Where new messages are mailed: to CONTACT_NOTIFY_EMAIL, written to the mail folder while e-mail is not configured, or nowhere. */
function ContactNotify({ notify }: { notify: ContactsScreenData["notify"] }) {
  const { t } = useTranslation("admin");
  const hint = "mt-2 max-w-2xl text-sm text-ink-700";
  if (!notify.to) return <p className={hint}>{t("contacts.notify.unset")}</p>;
  const text = <Isolated template={t(notify.mailConfigured ? "contacts.notify.mailed" : "contacts.notify.mailOff", { email: "\u0000" })} value={notify.to} />;
  return notify.mailConfigured ? <p className={hint}>{text}</p> : <MailOffNote className="mt-3 max-w-2xl">{text}</MailOffNote>;
}

/** One message: the sender, the number (a WhatsApp link when it has digits), the message to open, the date. */
function ContactRow({ contact: c, language }: { contact: ContactsScreenData["contacts"][number]; language: Language }) {
  const { t } = useTranslation("admin");
  const wa = whatsappHref(c.phone_number);
  return (
    <tr data-testid="contact-row" className={`align-top hover:bg-sand-50 ${stackedRow}`}>
      <td className={`${cell} font-medium`} data-testid="contact-name">
        <bdi className="block break-words md:min-w-[7rem] md:max-w-[12rem]">{c.name}</bdi>
      </td>
      <td className={`${cell} max-md:col-start-1`}>
        {wa ? (
          <a
            href={wa}
            target="_blank"
            rel="noopener noreferrer"
            dir="ltr"
            aria-label={`${c.phone_number} — ${t("contacts.table.whatsapp", { name: c.name })}`}
            className="ltr-token whitespace-nowrap font-medium text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700"
          >
            {c.phone_number}
          </a>
        ) : (
          <span dir="ltr" className="ltr-token">{c.phone_number}</span>
        )}
      </td>
      <td className={`${cell} max-md:col-span-2 max-md:mt-2`}>
        <details className="group md:w-[300px] md:max-w-[300px]">
          <summary
            title={c.message}
            className="flex cursor-pointer list-none items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-accent-700 [&::-webkit-details-marker]:hidden"
          >
            <span dir="auto" className="min-w-0 flex-1 truncate text-start">{c.message}</span>
            <span className="sr-only">{t("contacts.table.readMore")}</span>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 shrink-0 text-ink-500 transition-transform group-open:rotate-180" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M5 8l5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </summary>
          <p dir="auto" className="mt-2 whitespace-pre-wrap break-words rounded-lg bg-sand-50 p-3 text-start text-ink-700">{c.message}</p>
        </details>
      </td>
      <td className={`${cell} text-ink-700 max-md:col-start-2 max-md:row-start-1 max-md:text-xs`} data-testid="contact-date">
        <AdminTime iso={c.created_at} language={language} />
      </td>
    </tr>
  );
}
