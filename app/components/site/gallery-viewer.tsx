import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useI18n } from "~/features/i18n/i18n-context";
import { inEnglish as english } from "~/features/translations/fallback";

export interface ViewerItem {
  id: string;
  title: string | null;
  inEnglish?: string[];
  src: string;
  srcSet?: string;
}

/** Horizontal travel, in CSS pixels, that makes a swipe (more than the vertical, so a scroll is not one). */
const SWIPE = 40;

/**
 * The gallery's full-size viewer (spec: a modal with the title and a close button; the backdrop closes it), with
 * 'Previous' and 'Next' buttons, the arrow keys and swipe (pointer events, so touch, pen and mouse alike). It wraps
 * around at either end. In a right-to-left page, 'Previous' sits on the right and the arrow pointing to the left goes
 * forward, as the page reads. A modal <dialog> keeps focus inside and closes on Escape; the caller puts focus back
 * on the picture last shown.
 */
export function GalleryViewer({
  items,
  index,
  onIndex,
  onClose,
}: {
  items: ViewerItem[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t, dir } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const open = index === null ? null : (items[index] ?? null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  const step = (by: 1 | -1) => {
    if (index !== null && items.length) onIndex((index + by + items.length) % items.length);
  };
  // "Forward" on screen: right in a left-to-right page, left in a right-to-left one.
  const forward = dir === "rtl" ? "ArrowLeft" : "ArrowRight";
  const backward = dir === "rtl" ? "ArrowRight" : "ArrowLeft";

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === forward) step(1);
    else if (event.key === backward) step(-1);
    else return;
    event.preventDefault();
  }
  function onPointerDown(event: PointerEvent) {
    start.current = { x: event.clientX, y: event.clientY };
  }
  function onPointerUp(event: PointerEvent) {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
    // A finger moving towards the start of the line brings the next picture, as pages turn in that script.
    const towardsStart = dir === "rtl" ? dx > 0 : dx < 0;
    step(towardsStart ? 1 : -1);
  }

  const button =
    "inline-flex min-h-11 items-center gap-1 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink shadow-lg hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  return (
    <dialog
      ref={dialog}
      aria-label={open?.title || t("gallery.image")}
      onClose={onClose}
      onKeyDown={onKeyDown}
      // A click on the backdrop lands on the dialog element itself, outside its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto max-h-[96vh] w-[min(96vw,1100px)] overflow-visible bg-transparent p-0 backdrop:bg-black/85"
    >
      {open ? (
        <figure className="relative">
          <button
            type="button"
            onClick={onClose}
            aria-label={t("gallery.close")}
            className="absolute -end-3 -top-3 z-10 flex size-10 items-center justify-center rounded-full bg-white text-ink shadow-lg"
          >
            <X className="size-5" aria-hidden />
          </button>
          <img
            key={open.id}
            src={open.src}
            srcSet={open.srcSet}
            sizes="96vw"
            alt={open.title ?? ""}
            width={1600}
            height={1200}
            draggable={false}
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (start.current = null)}
            className="max-h-[74vh] w-full touch-pan-y rounded-lg object-contain select-none"
            data-testid="viewer-image"
          />
          {items.length > 1 ? (
            <div className="mt-3 flex items-center justify-between gap-3">
              <button type="button" onClick={() => step(-1)} className={button}>
                <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
                {t("gallery.previous")}
              </button>
              <p className="text-sm text-white/90" aria-live="polite" data-testid="viewer-position">
                {t("gallery.position", { number: (index ?? 0) + 1, total: items.length })}
              </p>
              <button type="button" onClick={() => step(1)} className={button}>
                {t("gallery.next")}
                <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
              </button>
            </div>
          ) : null}
          {open.title ? (
            <figcaption className="mt-3 text-center text-lg text-white" {...english(open.inEnglish ?? [], "title")}>
              {open.title}
            </figcaption>
          ) : null}
        </figure>
      ) : null}
    </dialog>
  );
}
