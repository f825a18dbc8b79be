import { Upload } from "lucide-react";
import { useRef, useState, type DragEvent, type FormEvent } from "react";
import { Form, useRevalidator } from "react-router";
import { UploadProgress } from "~/components/forms/index";
import { Button } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { IMAGE_ACCEPT, imageLimitHint, tooLarge } from "~/features/images/upload-limits";
import { fileInputClass } from "~/components/forms/file-input";
import type { ToastInput } from "~/lib/web/toast";

export interface UploadAnswer {
  outcomes: Array<{ file: string; result: "stored" | "known" | "refused"; message?: string }>;
}

/** The route 'Upload Pictures' sends each batch to with JavaScript; it answers with each file's result. */
export const UPLOAD_URL = "/admin/media/upload";

const RESULT_TEXT = { stored: "Added", known: "Already in the library", refused: "Not added" } as const;

/**
 * Splits the chosen pictures into requests the server accepts (at most `maxFiles` files and `requestMaxBytes` each),
 * so a phone's 40 photos go up in a few requests instead of being refused whole.
 */
export function batchesOf(files: File[], maxFiles: number, requestMaxBytes: number): File[][] {
  const batches: File[][] = [];
  let batch: File[] = [];
  let bytes = 0;
  for (const file of files) {
    if (batch.length && (batch.length >= maxFiles || bytes + file.size > requestMaxBytes)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(file);
    bytes += file.size;
  }
  if (batch.length) batches.push(batch);
  return batches;
}

/**
 * 'Upload Pictures' (issue 29): many at once, chosen or dropped. With JavaScript the pictures go up in batches with a
 * progress bar, and each file's result is listed; without it the form sends them in one request.
 */
export function PictureUploader({
  maxBytes,
  maxFiles,
  requestMaxBytes,
}: {
  maxBytes: number;
  maxFiles: number;
  requestMaxBytes: number;
}) {
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState<{ batch: number; batches: number } | null>(null);
  const [results, setResults] = useState<UploadAnswer["outcomes"]>([]);
  const [toast, setToast] = useState<ToastInput | undefined>();
  useToastOnChange(toast);

  async function send(files: File[]) {
    if (!files.length || status) return;
    const over = files.filter((file) => file.size > maxBytes);
    const batches = batchesOf(
      files.filter((file) => file.size <= maxBytes),
      maxFiles,
      requestMaxBytes - 1024 * 1024,
    );
    const done: UploadAnswer["outcomes"] = over.map((file) => ({
      file: file.name,
      result: "refused",
      message: tooLarge(maxBytes),
    }));
    setResults([...done]);
    for (const [i, batch] of batches.entries()) {
      setStatus({ batch: i + 1, batches: batches.length });
      const form = new FormData();
      for (const file of batch) form.append("pictures", file);
      // Sent with fetch (which the page turns into a request with progress, upload-progress.tsx) to the route that
      // answers with each file's result.
      const answer = await fetch(UPLOAD_URL, { method: "POST", body: form })
        .then((response) => (response.ok ? (response.json() as Promise<UploadAnswer>) : null))
        .catch(() => null);
      done.push(
        ...(answer?.outcomes ??
          batch.map((file) => ({
            file: file.name,
            result: "refused" as const,
            message: "The upload failed. Please try again.",
          }))),
      );
      setResults([...done]);
    }
    await revalidator.revalidate();
    setStatus(null);
    if (input.current) input.current.value = "";
    const added = done.filter((o) => o.result === "stored").length;
    const refused = done.filter((o) => o.result === "refused").length;
    setToast(
      refused
        ? {
            title: "Some Pictures Not Uploaded",
            description: `${added} added, ${refused} not added: each one says why.`,
            variant: "destructive",
          }
        : { title: "Pictures Uploaded!", description: `${added} added to the Media Library.`, variant: "success" },
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send([...(input.current?.files ?? [])]);
  };
  const onDrop = (event: DragEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDragging(false);
    // Every dropped file is sent: one that is not a picture comes back refused, with the reason.
    void send([...event.dataTransfer.files]);
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={`rounded-xl border-2 border-dashed p-5 text-center transition ${dragging ? "border-brand-600 bg-brand-50" : "border-slate-300 bg-white"}`}
      data-testid="picture-drop-zone"
    >
      <input type="hidden" name="intent" value="upload" />
      <Upload className="mx-auto size-8 text-brand-700" aria-hidden />
      <p className="mt-2 font-medium text-slate-800">Drop pictures here, or choose them</p>
      <p id="pictures-hint" className="mt-1 text-xs text-muted">
        {imageLimitHint(maxBytes, true)}
      </p>
      <div className="mt-3 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
        <label htmlFor="pictures" className="sr-only">
          Pictures
        </label>
        <input
          ref={input}
          id="pictures"
          name="pictures"
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby="pictures-hint"
          className={fileInputClass}
        />
        <Button type="submit" disabled={!!status} aria-busy={!!status || undefined}>
          <Upload className="size-4" aria-hidden /> Upload Pictures
        </Button>
      </div>
      {status ? (
        <p className="mt-3 text-sm text-slate-700" role="status">
          {status.batches > 1 ? `Sending part ${status.batch} of ${status.batches}…` : "Sending…"}
        </p>
      ) : null}
      <UploadProgress />
      {results.length ? (
        <ul className="mt-3 space-y-1 text-start text-sm" aria-label="Uploaded pictures" data-testid="upload-results">
          {results.map((outcome, i) => (
            <li
              key={`${outcome.file}-${i}`}
              className={outcome.result === "refused" ? "text-red-700" : "text-slate-700"}
            >
              <span className="font-medium break-all">{outcome.file}</span>: {RESULT_TEXT[outcome.result]}
              {outcome.message ? ` (${outcome.message})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}
