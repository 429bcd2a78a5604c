import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode, type WheelEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Island } from "~/platform/ui/static-island";

export type CarouselSlide = {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Optional caption under the image; with `href` it links there. */
  caption?: string;
  href?: string;
  /** Accessible name of the caption link when the caption alone is not enough. */
  linkLabel?: string;
};

type Props = {
  /**
   * The slides, or `null` when they are a static island (decision 140): the browser then keeps the
   * strip the server rendered and the carousel works on its `count` slides as they are.
   */
  slides: CarouselSlide[] | null;
  /** How many slides there are when `slides` is null. */
  count?: number;
  /** Accessible name of the carousel region. */
  label: string;
  /** Milliseconds between automatic advances (specification: 5 s). */
  interval?: number;
  autoPlay?: boolean;
  /** Load the first image eagerly (above the fold); every other image is lazy. */
  eagerFirst?: boolean;
  /** Classes for the image frame (aspect ratio, rounding, background). */
  frameClassName?: string;
  sizes?: string;
  className?: string;
};

/** Index after moving `step` from `index` in a list of `count`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** Whether the page has hydrated, and whether the visitor asked for reduced motion (kept up to date). */
function useMotionPreference() {
  const [hydrated, setHydrated] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  useEffect(() => {
    setHydrated(true);
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const update = () => setReducedMotion(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return { hydrated, reducedMotion };
}

/** The slide nearest the start of the strip (by each child's distance from the strip's left edge). */
function nearestSlide(el: HTMLElement): number {
  const origin = el.getBoundingClientRect().left;
  let best = 0;
  let bestDistance = Infinity;
  Array.from(el.children).forEach((child, i) => {
    const distance = Math.abs(child.getBoundingClientRect().left - origin);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = i;
    }
  });
  return best;
}

/**
 * The carousel's state: the strip, the current slide, and the automatic slide show. `goTo` scrolls
 * the strip to a slide; `onScroll` keeps the index in step with swipes and scrolling.
 */
function useCarousel({ count, interval, autoPlay }: { count: number; interval: number; autoPlay: boolean }) {
  const track = useRef<HTMLDivElement>(null);
  const { hydrated, reducedMotion } = useMotionPreference();
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const [playing, setPlaying] = useState(autoPlay);
  const [held, setHeld] = useState(false);
  const settle = useRef<number | undefined>(undefined);
  /** Slide a programmatic smooth scroll is heading to; scroll positions on the way there are ignored. */
  const heading = useRef<number | null>(null);

  const scrollToSlide = useCallback(
    (target: number) => {
      const el = track.current;
      const slide = el?.children[target] as HTMLElement | undefined;
      if (!el || !slide) return;
      // Works in both directions: in RTL, scrollLeft runs from 0 towards negative values.
      const delta = slide.getBoundingClientRect().left - el.getBoundingClientRect().left;
      if (Math.abs(delta) < 1) return;
      const left = el.scrollLeft + delta;
      heading.current = target;
      el.scrollTo({ left, behavior: reducedMotion ? "auto" : "smooth" });
    },
    [reducedMotion],
  );

  const goTo = useCallback(
    (target: number) => {
      const next = wrapIndex(target, 0, count);
      indexRef.current = next;
      setIndex(next);
      scrollToSlide(next);
    },
    [count, scrollToSlide],
  );

  /** Manual navigation stops the automatic slide show for good (until the visitor restarts it). */
  const manual = (target: number) => {
    setPlaying(false);
    goTo(target);
  };

  useEffect(() => {
    if (!hydrated || !playing || held || reducedMotion || count < 2) return;
    const timer = window.setInterval(() => goTo(indexRef.current + 1), interval);
    return () => window.clearInterval(timer);
  }, [hydrated, playing, held, reducedMotion, count, interval, goTo]);

  // Keep the index in step with swipes and scrolling (and with our own smooth scrolls as they settle).
  const onScroll = () => {
    window.clearTimeout(settle.current);
    settle.current = window.setTimeout(() => {
      const el = track.current;
      if (!el) return;
      const best = nearestSlide(el);
      if (heading.current !== null) {
        if (best === heading.current) heading.current = null;
        return;
      }
      if (best !== indexRef.current) {
        indexRef.current = best;
        setIndex(best);
      }
    }, 120);
  };

  useEffect(() => () => window.clearTimeout(settle.current), []);

  // A swipe, wheel or key press inside the strip is manual navigation too (userScrollHandlers).
  const stopOnUserScroll = () => {
    heading.current = null;
    setPlaying(false);
  };

  return { track, hydrated, reducedMotion, index, playing, setPlaying, held, setHeld, manual, onScroll, stopOnUserScroll };
}

/** A swipe, wheel or key press inside the strip is manual navigation: `stop` ends the slide show. */
function userScrollHandlers(stop: () => void) {
  return {
    onPointerDown: stop,
    // A mouse drag scrolls the strip rather than picking an image up.
    onDragStart: (event: DragEvent) => event.preventDefault(),
    onWheel: (event: WheelEvent) => {
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY)) stop();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") stop();
    },
  };
}

/**
 * An image carousel. Without JavaScript it is a horizontal scroll-snap strip, so every image stays
 * reachable (swipe, scroll or keyboard once focused). With JavaScript it gains previous/next buttons,
 * dots and a pause control, and advances by itself every `interval` ms until the visitor navigates
 * manually; it never auto-advances for `prefers-reduced-motion`, and pauses while hovered or focused.
 * Everything uses logical directions, so in right-to-left pages "next" moves towards the left and the
 * arrows swap sides.
 */
export function Carousel({
  slides,
  count: islandCount = 0,
  label,
  interval = 5000,
  autoPlay = true,
  eagerFirst = false,
  frameClassName = "carousel-frame",
  sizes,
  className = "",
}: Props) {
  const { t } = useTranslation("catalog");
  const count = slides?.length ?? islandCount;
  const carousel = useCarousel({ count, interval, autoPlay });
  const { track, index, held, setHeld, manual, stopOnUserScroll } = carousel;

  const showControls = carousel.hydrated && count > 1;
  const autoRunning = showControls && carousel.playing && !carousel.reducedMotion;

  return (
    <section
      aria-roledescription={t("carousel.roledescription")}
      aria-label={label}
      data-carousel=""
      data-index={index}
      data-playing={autoRunning && !held ? "true" : "false"}
      className={`relative ${className}`}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="relative">
        {/* The scroll strip: focusable and scrolled with the arrow keys (the browser's own scrolling). */}
        <Island
          content={slides}
          ref={track}
          // Focusable so keyboard users can scroll the strip when there are no buttons (no JavaScript).
          tabIndex={0}
          aria-live={autoRunning ? "off" : "polite"}
          onScroll={carousel.onScroll}
          {...userScrollHandlers(stopOnUserScroll)}
          className={`carousel-track ${showControls ? "[scrollbar-width:none] [&::-webkit-scrollbar]:hidden" : "[scrollbar-width:thin] pb-2"}`}
        >
          {(slides: CarouselSlide[]) =>
            slides.map((slide, i) => (
              <Slide key={slide.src} slide={slide} n={i + 1} total={count} eager={i === 0 && eagerFirst} frameClassName={frameClassName} sizes={sizes} />
            ))
          }
        </Island>

        {showControls ? (
          <>
            <ArrowButton side="start" label={t("carousel.previous")} onClick={() => manual(index - 1)} />
            <ArrowButton side="end" label={t("carousel.next")} onClick={() => manual(index + 1)} />
          </>
        ) : null}
      </div>

      {showControls ? (
        <Controls
          count={count}
          index={index}
          playing={carousel.playing}
          showToggle={!carousel.reducedMotion}
          onToggle={() => carousel.setPlaying((p) => !p)}
          onDot={manual}
        />
      ) : null}
    </section>
  );
}

/** One slide: the image in its frame and the optional caption (a link with `href`). */
function Slide({
  slide,
  n,
  total,
  eager,
  frameClassName,
  sizes,
}: {
  slide: CarouselSlide;
  n: number;
  total: number;
  eager: boolean;
  frameClassName: string;
  sizes?: string;
}) {
  const { t } = useTranslation("catalog");
  return (
    <div
      role="group"
      aria-roledescription={t("carousel.slide")}
      aria-label={t("carousel.slideLabel", { n, total })}
      // Without scripting the next image peeks in, so the strip visibly scrolls.
      className="carousel-slide"
    >
      <div className={frameClassName}>
        <img
          src={slide.src}
          alt={slide.alt}
          width={slide.width}
          height={slide.height}
          sizes={sizes}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          className="carousel-image"
        />
      </div>
      {slide.caption ? (
        <p className="carousel-caption">
          {slide.href ? (
            <Link to={slide.href} aria-label={slide.linkLabel} className="text-link">
              {slide.caption}
            </Link>
          ) : (
            slide.caption
          )}
        </p>
      ) : null}
    </div>
  );
}

/** The row under the strip: the pause/play toggle (not for reduced motion) and one dot per slide. */
function Controls({
  count,
  index,
  playing,
  showToggle,
  onToggle,
  onDot,
}: {
  count: number;
  index: number;
  playing: boolean;
  showToggle: boolean;
  onToggle: () => void;
  onDot: (i: number) => void;
}) {
  const { t } = useTranslation("catalog");
  return (
    <div className="mt-4 flex items-center justify-center gap-3">
      {showToggle ? (
        <button
          type="button"
          onClick={onToggle}
          aria-label={playing ? t("carousel.pause") : t("carousel.play")}
          data-carousel-toggle=""
          className="grid size-9 place-items-center rounded-full text-ink-700 hover:bg-sand-200 focus-visible:outline-2 focus-visible:outline-accent-700"
        >
          {playing ? <PauseIcon /> : <PlayIcon />}
        </button>
      ) : null}
      {/* Twelve dots fit a 390 px phone: 24 px targets there (WCAG's minimum), 36 px from sm up. */}
      <div className="flex min-w-0 flex-wrap items-center justify-center">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            onClick={() => onDot(i)}
            aria-label={t("carousel.goTo", { n: i + 1 })}
            aria-current={i === index ? "true" : undefined}
            className="group grid size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-accent-700 sm:size-9"
          >
            <span
              className={`block h-2 rounded-full transition-all ${i === index ? "w-6 bg-accent-700" : "w-2 bg-ink-900/30 group-hover:bg-ink-900/50"}`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}

function ArrowButton({ side, label, onClick }: { side: "start" | "end"; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      data-carousel-nav={side === "start" ? "previous" : "next"}
      className={`absolute top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-ink-900 shadow-md ring-1 ring-ink-900/10 backdrop-blur transition hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700 ${
        side === "start" ? "start-3" : "end-3"
      }`}
    >
      {/* The chevron carries direction, so it mirrors in right-to-left pages. */}
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5 rtl:-scale-x-100"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={side === "start" ? "M15 18l-6-6 6-6" : "M9 18l6-6-6-6"} />
      </svg>
    </button>
  );
}

function PauseIcon(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
      <rect x="6" y="5" width="4" height="14" rx="1" />
      <rect x="14" y="5" width="4" height="14" rx="1" />
    </svg>
  );
}

function PlayIcon(): ReactNode {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="currentColor">
      <path d="M7 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L8.5 4.64A1 1 0 0 0 7 5.5z" />
    </svg>
  );
}
