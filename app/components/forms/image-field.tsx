import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { IMAGE_ACCEPT, imageLimitHint } from "~/features/images/upload-limits";
import { ErrorList, FieldLabel } from "./fields";
import { FileInput } from "./file-input";
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
          <FileInput
            ref={input}
            name={name}
            accept={IMAGE_ACCEPT}
            hintId={`${name}-hint`}
            maxBytes={maxBytes}
            onFiles={([file]) => setPreview(file ? URL.createObjectURL(file) : null)}
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
            {imageLimitHint(maxBytes)}
          </p>
          <ErrorList id={field.errorId} errors={field.errors} />
        </div>
      </div>
    </div>
  );
}
