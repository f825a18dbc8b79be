import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FieldLabel } from "./ui";

/**
 * A picture input (spec §4): choosing a file shows a preview; 'Revert to original or clear' goes back to the saved
 * picture, or, when that is what is shown, marks it for removal (applied on save).
 */
export function ImageField({ name, label, currentUrl }: { name: string; label: string; currentUrl: string | null }) {
  const input = useRef<HTMLInputElement>(null);
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
        <div className="space-y-2">
          <input
            ref={input}
            id={name}
            name={name}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            onChange={(event) => {
              const file = event.target.files?.[0];
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
            className="block text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800"
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
          <p className="text-xs text-muted">JPEG, PNG, WebP, GIF or AVIF.</p>
        </div>
      </div>
    </div>
  );
}
