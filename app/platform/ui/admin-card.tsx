/** A titled card of an admin screen (a section with its heading), the same on every screen. */
export function AdminCard({ id, title, children, className = "", testId }: { id: string; title: React.ReactNode; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} data-testid={testId} className={`scroll-mt-24 rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6 ${className}`}>
      <h2 id={`${id}-title`} className="font-display text-xl font-semibold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The focus target after an action: a heading the page moves focus to (announced by screen readers). */
export function focusOnMount(element: HTMLElement | null) {
  if (element && document.activeElement !== element) element.focus();
}
