import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { Segment } from "~/platform/catalog/rich-text";
import { RichText } from "./rich-text-view";

export type TabId = "description" | "how-to-use";
export type ProductTab = { id: TabId; label: string; segments: Segment[] };

/**
 * Description / how-to-use tabs. Each tab is a link to `?tab=…`, so without JavaScript the server
 * renders the chosen panel. With JavaScript they behave as ARIA tabs: one tab stop, arrow keys (mirrored
 * in right-to-left pages), Home/End, and switching without reloading the product.
 */
export function ProductTabs({ tabs, selected, label }: { tabs: ProductTab[]; selected: TabId; label: string }) {
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const refs = useRef<Record<string, HTMLAnchorElement | null>>({});
  const focusAfter = useRef<TabId | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (focusAfter.current === selected) refs.current[selected]?.focus();
    focusAfter.current = null;
  }, [selected]);

  // Without JavaScript the link reloads the page: the #details fragment brings the visitor back to the tabs.
  const href = (id: TabId) => `?tab=${id}${hydrated ? "" : "#details"}`;

  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const rtl = document.documentElement.dir === "rtl";
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const backward = rtl ? "ArrowRight" : "ArrowLeft";
    let target: number | null = null;
    if (event.key === forward) target = (index + 1) % tabs.length;
    else if (event.key === backward) target = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = tabs.length - 1;
    if (target === null) return;
    event.preventDefault();
    const id = tabs[target]!.id;
    focusAfter.current = id;
    refs.current[id]?.focus();
    void navigate(`?tab=${id}`, { replace: true, preventScrollReset: true });
  };

  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0]!;

  return (
    <section id="details" className="mt-8 scroll-mt-24">
      {tabs.length > 1 ? (
        <div role="tablist" aria-label={label} className="flex gap-1 border-b border-ink-900/10">
          {tabs.map((tab, i) => {
            const active = tab.id === current.id;
            return (
              <Link
                key={tab.id}
                ref={(el) => {
                  refs.current[tab.id] = el;
                }}
                to={href(tab.id)}
                replace
                preventScrollReset
                role="tab"
                id={`tab-${tab.id}`}
                aria-selected={active}
                aria-controls={`panel-${tab.id}`}
                tabIndex={hydrated && !active ? -1 : undefined}
                onKeyDown={(event) => onKeyDown(event, i)}
                className={`-mb-px rounded-t-lg border-b-2 px-4 py-3 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-accent-700 ${
                  active ? "border-accent-700 text-ink-900" : "border-transparent text-ink-700 hover:text-ink-900"
                }`}
              >
                {tab.label}
              </Link>
            );
          })}
        </div>
      ) : (
        <h2 className="border-b border-ink-900/10 pb-3 text-sm font-semibold text-ink-900">{current.label}</h2>
      )}
      <div
        role={tabs.length > 1 ? "tabpanel" : undefined}
        id={`panel-${current.id}`}
        aria-labelledby={tabs.length > 1 ? `tab-${current.id}` : undefined}
        tabIndex={tabs.length > 1 ? 0 : undefined}
        data-testid={`panel-${current.id}`}
        className="rounded-lg pt-6 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent-700"
      >
        <RichText segments={current.segments} />
      </div>
    </section>
  );
}
