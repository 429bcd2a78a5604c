import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";
import { PageMeta } from "./page-meta";

/**
 * The frame of the admin's pages outside the dashboard that a link leads to (an invitation, a
 * password reset, "Forgot your password?"): the logo and the language toggle above one card.
 */
export function AccountPageFrame({ title, labelledBy, eyebrow, children }: { title: string; labelledBy: string; eyebrow: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-dvh flex-col bg-sand-100 px-4 py-6 sm:py-10">
      <PageMeta title={title} noindex />
      <div className="mx-auto flex w-full max-w-md items-center justify-between">
        <Logo />
        <LanguageToggle />
      </div>
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
        <section aria-labelledby={labelledBy} className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-10">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>
          {children}
        </section>
      </div>
    </main>
  );
}

/** A link that no longer works: why, and the way back to signing in. */
export function InvalidLink({ id, title, message, testId, back }: { id: string; title: string; message: string; testId: string; back: string }) {
  return (
    <>
      <h1 id={id} className="mt-2 font-display text-3xl font-semibold text-ink-900">
        {title}
      </h1>
      <p className="mt-3 text-ink-700" data-testid={testId}>
        {message}
      </p>
      <Link to="/admin" className="btn-primary mt-6 inline-flex">
        {back}
      </Link>
    </>
  );
}
