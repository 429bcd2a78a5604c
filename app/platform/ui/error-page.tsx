import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isRouteErrorResponse, Link, useLocation } from "react-router";
import { PageMeta } from "./page-meta";

/** "Page Not Found": title, message, the missing address, and ways back. Logs the path in the browser. */
export function NotFoundContent({ path }: { path?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const missing = path ?? location.pathname;
  useEffect(() => {
    console.warn(`404 Not Found: ${missing}`);
  }, [missing]);
  return (
    <section data-testid="not-found" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center sm:py-28">
      <PageMeta title={t("notFound.metaTitle", { defaultValue: "Page Not Found" })} description={t("notFound.message", { defaultValue: "The page you are looking for does not exist or has moved." })} noindex />
      <p aria-hidden="true" className="text-7xl font-light tracking-[0.2em] text-accent-700/80">
        404
      </p>
      <h1 className="mt-6 text-3xl leading-snug font-semibold sm:text-4xl">{t("notFound.title", { defaultValue: "Page Not Found" })}</h1>
      <p className="mt-4 leading-relaxed text-ink-700">{t("notFound.message", { defaultValue: "The page you are looking for does not exist or has moved." })}</p>
      <p className="mt-4 max-w-full text-sm text-ink-500">
        {t("notFound.path", { defaultValue: "Address requested:" })}{" "}
        <code dir="ltr" className="ltr-token rounded bg-sand-100 px-2 py-0.5 break-all text-ink-900">
          {missing}
        </code>
      </p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link className="btn-primary" to="/">
          {t("notFound.home", { defaultValue: "Back to home" })}
        </Link>
        <Link className="btn-secondary" to="/products">
          {t("notFound.products", { defaultValue: "Browse products" })}
        </Link>
      </div>
    </section>
  );
}

/** "Unexpected Application Error!": for anything but a 404. Details only in development. */
export function UnexpectedErrorContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const location = useLocation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  const title = t("error.title", { defaultValue: "Unexpected Application Error!" });
  const detail =
    import.meta.env.DEV && error instanceof Error ? error.stack ?? error.message : isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <section data-testid="app-error" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center sm:py-28">
      <PageMeta title={title} noindex />
      <h1 className="text-3xl leading-snug font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-4 leading-relaxed text-ink-700">
        {t("error.message", { defaultValue: "Something went wrong on our side. Please try again in a moment." })}
      </p>
      {detail ? (
        <pre dir="ltr" className="mt-6 max-h-64 w-full overflow-auto rounded-lg bg-sand-100 p-4 text-start text-xs text-ink-900">
          {detail}
        </pre>
      ) : null}
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        {/* Full document loads: the app may be in a broken state. */}
        <Link className="btn-secondary" to={`${location.pathname}${location.search}`} reloadDocument>
          {t("error.retry", { defaultValue: "Try again" })}
        </Link>
        <Link className="btn-primary" to="/" reloadDocument>
          {t("error.home", { defaultValue: "Back to home" })}
        </Link>
      </div>
    </section>
  );
}

/**
 * A link that cannot be read (400): a GS1 Digital Link that breaks GS1's grammar (decision 190). The
 * server's words (in the request's language, in the error's data) say what is wrong with it and where
 * to go instead.
 */
export function BadLinkContent({ words }: { words: BadLinkWords }) {
  const { t } = useTranslation();
  return (
    <section data-testid="bad-link" className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center sm:py-28">
      <PageMeta title={words.title} noindex />
      <p aria-hidden="true" className="text-7xl font-light tracking-[0.2em] text-accent-700/80">
        400
      </p>
      <h1 className="mt-6 text-3xl leading-snug font-semibold sm:text-4xl">{words.title}</h1>
      <p className="mt-4 leading-relaxed text-ink-900" data-testid="bad-link-reason">
        {words.message}
      </p>
      <p className="mt-3 leading-relaxed text-ink-700">{words.text}</p>
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Link className="btn-primary" to="/verify">
          {words.verify}
        </Link>
        <Link className="btn-secondary" to="/">
          {t("notFound.home", { defaultValue: "Back to home" })}
        </Link>
      </div>
    </section>
  );
}

/** What a 400 page says, in the request's language: what is wrong, the title, a hint and the button. */
type BadLinkWords = { message: string; title: string; text: string; verify: string };

/** The words a 400 carries for its page (`badLink` in ~/features/resolver/respond.server), or null for any other error. */
function badLinkWords(error: unknown): BadLinkWords | null {
  if (!isRouteErrorResponse(error) || error.status !== 400) return null;
  const words = error.data as Partial<Record<keyof BadLinkWords, unknown>> | null;
  const all = ["message", "title", "text", "verify"] as const;
  return words && all.every((key) => typeof words[key] === "string") ? (words as BadLinkWords) : null;
}

/** What an error boundary shows: the not-found page for a thrown 404, a bad link's page for a 400 with its message, otherwise the generic error. */
export function ErrorContent({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  const words = badLinkWords(error);
  if (words !== null) return <BadLinkContent words={words} />;
  return <UnexpectedErrorContent error={error} />;
}
