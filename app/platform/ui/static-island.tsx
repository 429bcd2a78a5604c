import { createContext, useCallback, useContext, useMemo, useState, type ComponentPropsWithRef, type ElementType, type MouseEvent, type ReactNode, type Ref } from "react";
import { useNavigate } from "react-router";

/**
 * Static islands (decision 140): parts of a document the browser does not re-render while it
 * hydrates. The server renders them; the document's hydration data does not carry what they show
 * (the loader's `renderedOnly`, app/platform/http/rendered-only.server.ts), so the browser keeps the server's
 * markup as it is. After a client navigation the loader data has the content and they render as
 * usual.
 */

/** What the loaders of a document request kept for the server render, by key (entry.server). */
export const RenderedOnlyContext = createContext<ReadonlyMap<string, unknown> | null>(null);

/**
 * An island's content: the loader's value after a client navigation, the server's copy while it
 * renders a document, `null` while the browser hydrates that document.
 */
export function useRenderedOnly<T>(key: string, fromLoader: T | null): T | null {
  const kept = useContext(RenderedOnlyContext);
  return fromLoader ?? ((kept?.get(key) as T | undefined) ?? null);
}

/**
 * A click handler for an island: its links are plain anchors once hydrated (React Router's `<Link>`
 * handlers are not attached to markup React kept), so a plain left click on a same-origin link
 * becomes a client navigation, as it would have been.
 */
function useFollowLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element).closest("a[href]");
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}

type IslandProps<T> = Omit<ComponentPropsWithRef<"div">, "children" | "content" | "onClick"> & {
  /** The element the island is (a section, a list…): the same on the server and in the browser. */
  as?: ElementType;
  /** From `useRenderedOnly`: `null` keeps the server's markup. */
  content: T | null;
  children: (content: T) => ReactNode;
  /**
   * For an island whose element the browser may mount again without new content (the public frame's
   * footer, drawn again by the layout's error boundary): a name under which the markup the server
   * sent is remembered once hydrated, and written into the new element.
   */
  remember?: string;
};

/** The server's markup of remembered islands, by name, as the browser hydrated it. */
const remembered = new Map<string, string>();

/** A ref that remembers an island's markup, then hands the element on to the caller's ref. */
function rememberingRef(name: string, ref: Ref<HTMLElement> | undefined) {
  return (element: HTMLElement | null) => {
    if (element && !remembered.has(name)) remembered.set(name, element.innerHTML);
    if (typeof ref === "function") return ref(element);
    if (ref) ref.current = element;
  };
}

/**
 * An element whose children the server renders and a hydrating browser keeps as they are. Every
 * other prop (a ref, handlers, classes) goes to the element as given; clicks are the island's own.
 * Without content it is the same element with `dangerouslySetInnerHTML` and
 * `suppressHydrationWarning`: React neither compares nor replaces inner HTML while hydrating, and
 * writes it afterwards only if `__html` changes.
 */
export function Island<T>({ as: Tag = "div", content, children, remember, ref, ...attributes }: IslandProps<T>) {
  const followLinks = useFollowLinks();
  // Fixed for the element's life: empty while hydrating (React keeps what is there), the remembered
  // markup for an element mounted afterwards, so React writes it at most once, on that mount.
  const [markup] = useState(() => (remember ? remembered.get(remember) : undefined) ?? "");
  const keep = useMemo(() => (remember ? rememberingRef(remember, ref as Ref<HTMLElement> | undefined) : ref), [remember, ref]);
  if (content === null) {
    return <Tag {...attributes} ref={keep} dangerouslySetInnerHTML={{ __html: markup }} suppressHydrationWarning onClick={followLinks} />;
  }
  return (
    <Tag {...attributes} ref={ref} onClick={followLinks}>
      {children(content)}
    </Tag>
  );
}
