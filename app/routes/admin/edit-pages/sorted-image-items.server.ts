import type { z } from "zod";
import {
  deleteSortedItem,
  listSortedItems,
  moveSortedItem,
  reorderSortedItems,
  saveSortedItem,
  type ItemFormValues,
  type SortedImageItems,
  type SortedImageTable,
} from "~/features/sorted-image-items/sorted-image-items.server";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission, type Refusal } from "~/lib/forms/submission";
import { openedVersionOf } from "~/lib/forms/edit-version";
import { editVersion } from "~/features/history/edit-version.server";
import { safeImageSrc } from "~/lib/web/safe-url";
import { getServices } from "~/services.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { loadHistory } from "~/features/versions/restore.server";

// The loader and action of the certificates and gallery pages (app/routes/admin/edit-pages/edit-pages/certificates.tsx, gallery.tsx): one
// sorted list of pictured items each, edited inline; the rules are the feature's (sorted-image-items.server.ts).

type RouteArgs = { request: Request; context: Parameters<typeof getServices>[0] };

/** The page's loader: the items in admin order, each picture address checked for the page; the edited one's History. */
export function sortedItemsLoader<T extends SortedImageTable>(table: T) {
  return async ({ context, request }: RouteArgs) => {
    const { db } = getServices(context);
    const rows = await listSortedItems(db, table);
    const editing = new URL(request.url).searchParams.get("edit");
    const entity = table === "certificates" ? "certificate" : "gallery_item";
    const history = editing && editing !== "new" ? await loadHistory(db, entity, editing) : [];
    const edited = rows.find((row) => row.id === editing);
    const version = edited ? await editVersion(db, entity, edited.id, edited.updated_at) : null;
    return {
      items: rows.map((row) => ({ ...row, image_url: safeImageSrc(row.image_url) })),
      history,
      entity,
      version,
    };
  };
}

/**
 * The page's action for its forms: `save` (the inline form), `move` (one place, the fallback without JavaScript),
 * `reorder` (the whole order from drag and drop or the keyboard, in one request) and `delete`. Success goes back to the
 * list, form closed, with the spec's toast (post/redirect/get); a refused save re-renders the open form with what
 * was typed; a database or storage error is logged and answered in the spec's words only.
 */
export function sortedItemsAction<S extends z.ZodObject>(kind: SortedImageItems<S>) {
  const { words, table } = kind;
  const done = (title: string) => redirectWithToast(kind.list, successToast(title));
  const failed = (title: string, verb: string): Refusal => ({
    ok: false,
    title,
    message: `The ${words.one} could not be ${verb}. Please try again.`,
  });
  return async ({ request, context }: RouteArgs) => {
    const { db, storage, config, changed } = getServices(context);
    // Whatever the intent and its outcome, only this list's pages can change.
    changed(kind.changes);
    const actor = getAdminUser(context);
    const form = await readFormData(request);
    const id = String(form.get("id") ?? "");
    const intent = String(form.get("intent") ?? "");
    if (intent === "save") {
      const submission = { ...parseSubmission(form, kind.form.schema), form: intent };
      if (!submission.ok) return formFailure(submission, kind.form.invalidToast(submission.errors));
      const saveFailed = failed(id ? words.updateError : words.addError, "saved");
      const input = { id: id || undefined, ...itemInput(submission.value), opened: openedVersionOf(submission.values) };
      const result = await attempt(
        table,
        () => saveSortedItem(db, storage, actor, kind, input, config.uploadMaxBytes),
        saveFailed,
      );
      if (!result.ok)
        return refuse(
          submission,
          result,
          result === saveFailed ? 500 : result.field || result.version ? undefined : 404,
        );
      return done(id ? words.updated : words.added);
    }
    if (intent === "move") {
      const direction = form.get("direction") === "up" ? "up" : "down";
      const result = await attempt(
        table,
        () => moveSortedItem(db, actor, table, id, direction),
        failed(words.updateError, "moved"),
      );
      if (typeof result === "object") return refuse({ values: {}, form: intent }, result, 500);
      return done("Order saved");
    }
    if (intent === "reorder") {
      const ids = form.getAll("order").map(String);
      const result = await attempt(
        table,
        () => reorderSortedItems(db, table, ids, words.one),
        failed(words.updateError, "moved"),
      );
      if (typeof result === "object" && result) return refuse({ values: {}, form: intent }, result, 500);
      if (typeof result === "string")
        return refuse({ values: {}, form: intent }, { ok: false, title: "Order Not Saved", message: result }, 400);
      return done("Order saved");
    }
    if (intent === "delete") {
      const result = await attempt(
        table,
        () => deleteSortedItem(db, storage, actor, table, id),
        failed(words.deleteError, "deleted"),
      );
      if (typeof result === "object") return refuse({ values: {}, form: intent }, result, 500);
      if (!result)
        return refuse({ values: {}, form: intent }, { ok: false, title: words.deleteError, message: words.gone }, 404);
      return done(words.deleted);
    }
    return formFailure({}, errorToast("Error", "Unknown request."));
  };
}

/**
 * The form's values as a save takes them: its text fields are the columns, an empty one stored as null. Only the
 * schema's own fields are there (zod drops any other name sent), so a request cannot write another column.
 */
function itemInput(value: Record<string, unknown>) {
  const { sort_order, image = null, image_remove = false } = value as Partial<ItemFormValues>;
  const columns = Object.fromEntries(
    Object.entries(value).flatMap(([name, v]) => (typeof v === "string" ? [[name, v || null]] : [])),
  );
  return { sort_order, image, image_remove, columns };
}
