import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useI18n } from "~/features/i18n/i18n-context";
import { PLACEHOLDER_IMAGE } from "./fallback-image";

/**
 * The gallery's full-size viewer (spec: a modal with the title and a close button; the backdrop closes it), with
 * 'Previous' and 'Next' buttons, the arrow keys and swipe. The server renders it closed and empty, its words in the
 * page's language; the public pages' script (app/island/gallery.ts) opens it on a picture of the grid and fills it.
 * In a right-to-left page, 'Previous' sits on the right, as the page reads.
 */
export function GalleryViewer({ count }: { count: number }) {
  const { t } = useI18n();
  const button =
    "inline-flex min-h-11 items-center gap-1 rounded-full bg-white px-4 py-2 text-sm font-semibold text-ink shadow-lg hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  return (
    <dialog
      data-gallery-viewer
      aria-label={t("gallery.image")}
      data-label={t("gallery.image")}
      className="m-auto max-h-[96vh] w-[min(96vw,1100px)] overflow-visible bg-transparent p-0 backdrop:bg-black/85"
    >
      <figure className="relative">
        <button
          type="button"
          data-viewer-close
          aria-label={t("gallery.close")}
          className="absolute -end-3 -top-3 z-10 flex size-10 items-center justify-center rounded-full bg-white text-ink shadow-lg"
        >
          <X className="size-5" aria-hidden />
        </button>
        <img
          alt=""
          sizes="96vw"
          width={1600}
          height={1200}
          draggable={false}
          data-fallback={PLACEHOLDER_IMAGE}
          className="max-h-[74vh] w-full touch-pan-y rounded-lg object-contain select-none"
          data-testid="viewer-image"
        />
        {count > 1 ? (
          <div className="mt-3 flex items-center justify-between gap-3">
            <button type="button" data-viewer-step="-1" className={button}>
              <ChevronLeft className="size-4 rtl:rotate-180" aria-hidden />
              {t("gallery.previous")}
            </button>
            <p className="text-sm text-white/90" aria-live="polite" data-testid="viewer-position" />
            <button type="button" data-viewer-step="1" className={button}>
              {t("gallery.next")}
              <ChevronRight className="size-4 rtl:rotate-180" aria-hidden />
            </button>
          </div>
        ) : null}
        <figcaption className="mt-3 text-center text-lg text-white" hidden />
      </figure>
    </dialog>
  );
}
