import { useEffect, useState } from "react";
import { ErrorList, FileInput, useField, useUploadMaxBytes } from "~/components/forms";
import { IMAGE_ACCEPT, imageLimitHint } from "~/features/media/upload-limits";

/**
 * A product's gallery inside a SchemaForm: the saved pictures with a staged "Remove" (spec §4: applied on save) and
 * new ones with previews. Like the main image, the size limit is said before a file is chosen, and a choice with a
 * file over it is refused at once.
 */
export function ProductGalleryField({ existing }: { existing: Array<{ url: string; src: string | null }> }) {
  const added = useField("gallery_new");
  const removal = useField("gallery_remove");
  const maxBytes = useUploadMaxBytes();
  const [previews, setPreviews] = useState<string[]>([]);
  useEffect(() => () => previews.forEach((url) => URL.revokeObjectURL(url)), [previews]);
  // After a refused save, the boxes ticked when it was sent.
  const marked = new Set(removal.refused ? [removal.defaultValue ?? []].flat() : []);

  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">Gallery Images</legend>
      {existing.length ? (
        <ul className="mb-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
          {existing.map((image, i) => (
            <li key={image.url} className="space-y-1">
              {image.src ? (
                <img
                  src={image.src}
                  alt={`Gallery image ${i + 1}`}
                  className="aspect-[4/3] w-full rounded object-cover ring-1 ring-slate-200"
                />
              ) : null}
              <label className="flex items-center gap-1 text-xs text-red-700">
                <input type="checkbox" name="gallery_remove" value={image.url} defaultChecked={marked.has(image.url)} />{" "}
                Remove
              </label>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorList id={removal.errorId} errors={removal.errors} />
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
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-5">
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
