import { useEffect, useState } from "react";
import { ErrorList, FileInput, useField, useUploadMaxBytes } from "~/components/forms/index";
import { galleryInOrder } from "~/features/catalogue/gallery-order";
import { IMAGE_ACCEPT, imageLimitHint } from "~/features/images/upload-limits";
import { moved } from "~/lib/whole-order";
import { useHydrated } from "~/lib/use-hydrated";
import { InFormMoveButtons } from "~/components/admin/move-buttons";
import { SortableList } from "~/components/admin/sortable-list";

interface SavedPicture {
  /** The picture's URL: its identity in the list and in `gallery_order`. */
  id: string;
  src: string | null;
  /** "Gallery image 3": its place when the page was loaded, so it keeps its name while it moves. */
  name: string;
}

/**
 * A product's gallery inside a SchemaForm: the saved pictures, reordered by drag and drop or the keyboard (the grip,
 * or the up / down buttons; issue 29), each with a staged "Remove" (spec §4: applied on save), and new ones with
 * previews. The order travels with the form's own Save as `gallery_order`, one hidden input per picture, first to
 * last, so the product and its gallery's order are one request; without JavaScript those inputs carry the saved
 * order and nothing moves. Like the main image, the size limit is said before a file is chosen, and a choice with a
 * file over it is refused at once.
 */
export function ProductGalleryField({ existing }: { existing: Array<{ url: string; src: string | null }> }) {
  const added = useField("gallery_new");
  const removal = useField("gallery_remove");
  const ordering = useField("gallery_order");
  const maxBytes = useUploadMaxBytes();
  const hydrated = useHydrated();
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  // After a refused save, the boxes ticked and the order chosen when it was sent.
  const marked = new Set(removal.refused ? [removal.defaultValue ?? []].flat() : []);
  const [chosen, setChosen] = useState<string[]>(() => (ordering.refused ? [ordering.defaultValue ?? []].flat() : []));
  const [said, setSaid] = useState("");

  // One entry per saved URL; the chosen order applied the way the server applies it (unknown URLs ignored, a
  // picture the order does not name after the others), so the page shows what Save will store.
  const pictures = new Map<string, SavedPicture>();
  for (const image of existing)
    if (!pictures.has(image.url))
      pictures.set(image.url, { id: image.url, src: image.src, name: `Gallery image ${pictures.size + 1}` });
  const shown = galleryInOrder([...pictures.keys()], chosen).map((url) => pictures.get(url)!);

  function move(index: number, step: -1 | 1) {
    const next = moved(shown, index, index + step);
    setChosen(next.map((picture) => picture.id));
    setSaid(`${shown[index].name} moved to position ${index + step + 1} of ${shown.length}.`);
  }

  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Gallery Images</legend>
      {shown.length ? (
        <>
          {hydrated && shown.length > 1 ? (
            <p className="mb-2 text-xs text-muted">
              Drag a picture by its grip, or use its arrows, to change the order; Save keeps it.
            </p>
          ) : null}
          <SortableList
            id="sort-product-gallery"
            items={shown}
            nameOf={(picture) => picture.name}
            onOrder={(order) => setChosen(order.map((picture) => picture.id))}
            className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5"
          >
            {(picture, index, handle) => (
              <div className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200" data-testid="gallery-picture">
                {picture.src ? (
                  <img src={picture.src} alt={picture.name} className="aspect-[4/3] w-full bg-slate-100 object-cover" />
                ) : (
                  <div className="flex aspect-[4/3] items-center justify-center bg-slate-100 text-xs text-muted">
                    {picture.name}
                  </div>
                )}
                <div className="flex items-center gap-1 px-1 pt-1">
                  {handle}
                  <span className="px-1 text-xs text-muted">#{index + 1}</span>
                  {hydrated && shown.length > 1 ? (
                    <div className="ms-auto">
                      <InFormMoveButtons
                        name={picture.name}
                        first={index === 0}
                        last={index === shown.length - 1}
                        onMove={(step) => move(index, step)}
                      />
                    </div>
                  ) : null}
                </div>
                <label className="flex items-center gap-1 px-2 py-2 text-xs text-red-700">
                  <input
                    type="checkbox"
                    name="gallery_remove"
                    value={picture.id}
                    defaultChecked={marked.has(picture.id)}
                  />{" "}
                  Remove<span className="sr-only"> {picture.name}</span>
                </label>
              </div>
            )}
          </SortableList>
          {shown.map((picture) => (
            <input key={picture.id} type="hidden" name="gallery_order" value={picture.id} />
          ))}
          <p role="status" className="sr-only">
            {said}
          </p>
        </>
      ) : null}
      <ErrorList id={removal.errorId} errors={removal.errors} />
      <ErrorList id={ordering.errorId} errors={ordering.errors} />
      <label htmlFor="gallery_new" className="sr-only">
        Add gallery images
      </label>
      <FileInput
        name="gallery_new"
        multiple
        accept={IMAGE_ACCEPT}
        hintId="gallery_new-hint"
        maxBytes={maxBytes}
        onFiles={(files) => setPreviews(files.map((file) => URL.createObjectURL(file)))}
      />
      <p id="gallery_new-hint" className="mt-1 text-xs text-muted">
        {imageLimitHint(maxBytes, true)}
      </p>
      <ErrorList id={added.errorId} errors={added.errors} />
      {previews.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-5">
          {previews.map((src, i) => (
            <li key={src}>
              <img
                src={src}
                alt={`New gallery image ${i + 1}`}
                className="aspect-[4/3] w-full rounded object-cover ring-1 ring-slate-200"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
