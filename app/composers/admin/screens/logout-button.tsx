import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Spinner } from "~/platform/ui/icons";

/** Log out: a POST (never a link), with its pending state. */
export function LogoutButton() {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === "/admin/logout";
  return (
    <Form method="post" action="/admin/logout">
      <button
        type="submit"
        disabled={pending}
        className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 whitespace-nowrap rounded-full border border-ink-900/15 bg-white px-3 text-sm sm:px-4 font-semibold text-ink-900 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 disabled:opacity-60"
      >
        {pending ? (
          <Spinner />
        ) : (
          <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d="M8 4H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3M12 14l4-4-4-4M16 10H8" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        )}
        <span className="sr-only sm:not-sr-only">{pending ? t("loggingOut") : t("logout")}</span>
      </button>
    </Form>
  );
}
