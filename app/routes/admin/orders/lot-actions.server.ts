import { data } from "react-router";
import { lotForm, lotImportForm } from "~/features/lots/lot-forms.schema";
import { importLots } from "~/features/lots/lot-import.server";
import { addLot, deleteLot, editLot, type ShipmentIds } from "~/features/lots/lots.server";
import type { Actor } from "~/lib/actor";
import { errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import type { AppServices } from "~/services.server";

// The shipment page's 'Lots' card (issue 45): its intents (`add-lot`, `edit-lot`, `delete-lot`, `import-lots`), below
// the admin layout's guard like the page's others.

export const LOT_INTENTS = ["add-lot", "edit-lot", "delete-lot", "import-lots"] as const;

/** The answer to a lot intent, or null when the intent is not one of the card's. */
export async function lotAction(
  services: AppServices,
  actor: Actor,
  ids: ShipmentIds,
  intent: string,
  form: FormData,
): Promise<Response | ReturnType<typeof formFailure> | null> {
  const { db, storage, config, now } = services;
  const here = `/admin/orders/${ids.orderId}/shipments/${ids.shipmentId}`;
  const files = { storage, maxBytes: config.uploadMaxBytes };
  const notFound = () => data("Shipment not found", { status: 404 });
  switch (intent) {
    case "add-lot":
    case "edit-lot": {
      const submission = parseSubmission(form, lotForm.schema);
      if (!submission.ok) return formFailure({ ...submission, form: intent }, lotForm.invalidToast(submission.errors));
      const result =
        intent === "add-lot"
          ? await addLot(db, files, actor, ids, submission.value.container_line_id, submission.value, now())
          : await editLot(db, files, actor, ids, submission.value.lot_id, submission.value, now());
      if (!result.ok && result.status === 404) throw notFound();
      if (!result.ok) return refuse({ ...submission, form: intent }, result, result.status);
      // The lot's public page shows what changed: the page cache drops it (ADR 0027).
      services.changed(pageTag.lot(result.code));
      return redirectWithToast(
        here,
        intent === "add-lot"
          ? successToast("Lot Added", `Lot ${"position" in result ? result.position : ""} (${result.code}) added.`)
          : successToast("Lot Saved", `Lot ${result.code} saved.`),
      );
    }
    case "delete-lot": {
      const removed = await deleteLot(db, storage, actor, ids, String(form.get("lot_id") ?? ""), now());
      if (!removed.ok && removed.status === 404) throw notFound();
      if (!removed.ok) return refuse({ values: {}, form: intent }, removed, removed.status);
      services.changed(pageTag.lot(removed.code));
      return redirectWithToast(here, successToast("Lot Deleted", `Lot ${removed.position} (${removed.code}) deleted.`));
    }
    case "import-lots": {
      const submission = parseSubmission(form, lotImportForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: intent }, lotImportForm.invalidToast(submission.errors));
      const imported = await importLots(db, actor, ids, submission.value.sheet!, now());
      if (!imported.ok && imported.status === 404) throw notFound();
      if (!imported.ok)
        return formFailure(
          { values: {}, form: intent, errors: { sheet: imported.rows.length ? imported.rows : [imported.message] } },
          errorToast(imported.title, imported.message),
          imported.status,
        );
      services.changed(...imported.codes.map((code) => pageTag.lot(code)));
      return redirectWithToast(
        here,
        successToast("Lots Imported", `${imported.added} added, ${imported.changed} changed.`),
      );
    }
  }
  return null;
}
