import type { ComponentProps } from "react";
import { tooLarge } from "~/features/images/upload-limits";
import { useField } from "./form";

export const fileInputClass =
  "block max-w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800 aria-[invalid=true]:rounded-md aria-[invalid=true]:outline-2 aria-[invalid=true]:outline-offset-2 aria-[invalid=true]:outline-red-500";

/**
 * A file input of a SchemaForm that refuses, before anything is sent, a choice with a file over `maxBytes`: the
 * input is emptied and the message shown at the field (the server checks again). `onFiles` gets the kept choice.
 */
export function FileInput({
  name,
  hintId,
  maxBytes,
  tooLargeMessage = tooLarge,
  onFiles,
  ...props
}: Omit<ComponentProps<"input">, "type" | "id" | "onChange"> & {
  name: string;
  /** The id of the line that says the limit, when the label does not. */
  hintId?: string;
  maxBytes: number | null;
  tooLargeMessage?: (maxBytes: number) => string;
  onFiles?: (files: File[]) => void;
}) {
  const field = useField(name);
  return (
    <input
      id={field.id}
      name={name}
      type="file"
      aria-invalid={field.invalid || undefined}
      aria-describedby={[field.errorId, hintId].filter(Boolean).join(" ") || undefined}
      className={fileInputClass}
      {...props}
      onChange={(event) => {
        const files = [...(event.target.files ?? [])];
        const over = maxBytes ? files.find((file) => file.size > maxBytes) : undefined;
        if (over && maxBytes) {
          event.target.value = "";
          const message = tooLargeMessage(maxBytes);
          field.setError(files.length > 1 ? `${over.name}: ${message}` : message);
          onFiles?.([]);
          return;
        }
        field.clearError();
        onFiles?.(files);
      }}
    />
  );
}
