import { PageMeta } from "./page-meta";

/** The top of an admin screen: its title (also the document's, never indexed) and what it is for. */
export function ScreenHeader({ title, description, children }: { title: string; description: string; children?: React.ReactNode }) {
  return (
    <>
      <PageMeta title={title} noindex />
      <h1 className="font-display text-3xl font-semibold text-ink-900">{title}</h1>
      <p className="mt-2 max-w-2xl text-ink-700">{description}</p>
      {children}
    </>
  );
}
