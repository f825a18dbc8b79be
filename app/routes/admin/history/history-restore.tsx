import { data } from "react-router";
import { getAdminUser } from "~/features/auth/guard.server";
import { restoreField, restoreVersion, versionKind } from "~/features/versions/restore.server";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/history-restore";

// POST /admin/history/:entity/:entityId/restore (the History panel's 'Restore'): saves an old version again; with
// `field`, only that field of it ('Restore this field', ADR 0055). The admin layout's middleware admits admins only.
export function loader(): never {
  throw data("Not Found", { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const actor = getAdminUser(context);
  const kind = versionKind(params.entity);
  if (!kind) throw data("Not Found", { status: 404 });
  const form = await readFormData(request);
  const number = Number(form.get("number"));
  const field = form.get("field");
  const back = kind.editPath(params.entityId);
  const title = typeof field === "string" ? "Cannot Restore Field" : "Cannot Restore Version";
  if (!Number.isInteger(number) || number < 1)
    return redirectWithToast(back, errorToast(title, "Choose a version to restore."));
  if (field !== null && (typeof field !== "string" || !field.trim()))
    return redirectWithToast(back, errorToast(title, "Choose a field to restore."));
  const failed = { ok: false as const, title, message: "The version could not be restored. Please try again." };
  const result = await attempt(
    "history",
    () =>
      typeof field === "string"
        ? restoreField(services.db, actor, params.entity, params.entityId, number, field.slice(0, 200))
        : restoreVersion(services.db, actor, params.entity, params.entityId, number),
    failed,
  );
  if (!result.ok) return redirectWithToast(back, errorToast(result.title, result.message));
  services.changed(...result.changed);
  return redirectWithToast(
    result.editPath,
    "label" in result
      ? successToast(
          "Field Restored",
          `${result.label} is back as it was in version ${number}, saved as version ${result.number}.`,
        )
      : successToast("Version Restored", `Version ${number} was saved again as version ${result.number}.`),
  );
}
