import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { IMAGE_ACCEPT, megabytes, tooLarge } from "~/features/media/upload-limits";
import { ErrorList, FieldLabel } from "./fields";
import { useField } from "./form";

/** The upload limit the back office's layout loader hands down (`UPLOAD_MAX_MB`). */
export function useUploadMaxBytes(): number | null {
  const layout = useRouteLoaderData("routes/admin/layout") as { uploadMaxBytes?: number } | undefined;
  return layout?.uploadMaxBytes ?? null;
}

/**
 * A picture input (spec §4): choosing a file shows a preview; 'Revert to original or clear' goes back to the saved
 * picture, or, when that is what is shown, marks it for removal (applied on save). The size limit is shown before
 * a file is chosen, and a file over it is refused here, before anything is sent.
 */
export function ImageField({ name, label, currentUrl }: { name: string; label: string; currentUrl: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const field = useField(name);
  const maxBytes = useUploadMaxBytes();
  const [preview, setPreview] = useState<string | null>(null);
  const [cleared, setCleared] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const shown = preview ?? (cleared ? null : currentUrl);
  const revertOrClear = () => {
    if (preview) {
      if (input.current) input.current.value = "";
      setPreview(null);
    } else if (currentUrl) {
      setCleared((c) => !c);
    }
  };

  return (
    <div>
      <FieldLabel htmlFor={name}>{label}</FieldLabel>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex aspect-[4/3] w-full max-w-[200px] items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200">
          {shown ? (
            <img src={shown} alt={`${label} preview`} className="size-full object-cover" />
          ) : (
            <ImageOff className="size-8 text-slate-400" aria-label="No image" />
          )}
        </div>
        <div className="min-w-0 space-y-2">
          <input
            ref={input}
            id={name}
            name={name}
            type="file"
            accept={IMAGE_ACCEPT}
            aria-invalid={field.invalid || undefined}
            aria-describedby={[field.errorId, `${name}-hint`].filter(Boolean).join(" ")}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file && maxBytes && file.size > maxBytes) {
                event.target.value = "";
                setPreview(null);
                field.setError(tooLarge(maxBytes));
                return;
              }
              field.clearError();
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
            className="block max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
          />
          <input type="hidden" name={`${name}_remove`} value={cleared && !preview ? "1" : ""} />
          {preview || currentUrl ? (
            <button
              type="button"
              onClick={revertOrClear}
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              Revert to original or clear
            </button>
          ) : null}
          {cleared && !preview ? (
            <p className="text-sm text-amber-700">The image will be removed when you save.</p>
          ) : null}
          <p id={`${name}-hint`} className="text-xs text-muted">
            JPEG, PNG, WebP, GIF or AVIF{maxBytes ? `, up to ${megabytes(maxBytes)}` : ""}.
          </p>
          <ErrorList id={field.errorId} errors={field.errors} />
        </div>
      </div>
    </div>
  );
}
