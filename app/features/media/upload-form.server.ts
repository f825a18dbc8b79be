import { UPLOAD_MAX_FILES } from "./media-library";
import type { UploadOutcome } from "./media-library.server";

/** The pictures an 'Upload Pictures' request carries, or why none can be taken (none chosen, too many at once). */
export function picturesFromForm(form: FormData): { ok: true; files: File[] } | { ok: false; message: string } {
  const files = form.getAll("pictures").filter((value): value is File => value instanceof File && value.size > 0);
  if (!files.length) return { ok: false, message: "Choose one or more pictures to upload." };
  if (files.length > UPLOAD_MAX_FILES)
    return { ok: false, message: `At most ${UPLOAD_MAX_FILES} pictures at a time: choose fewer.` };
  return { ok: true, files };
}

/** What an upload did, in one sentence for its toast. */
export function uploadSummary(outcomes: UploadOutcome[]) {
  const count = (result: UploadOutcome["result"]) => outcomes.filter((o) => o.result === result).length;
  const [stored, known, refused] = [count("stored"), count("known"), count("refused")];
  const parts = [`${stored} added to the Media Library`];
  if (known) parts.push(`${known} already there`);
  if (refused) parts.push(`${refused} not added: each one says why`);
  return { stored, known, refused, text: `${parts.join(", ")}.` };
}
