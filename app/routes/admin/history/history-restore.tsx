import { data } from "react-router";
import { getAdminUser } from "~/features/auth/guard.server";
import { restoreVersion, versionKind } from "~/features/versions/restore.server";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, redirectWithToast, successToast } from "~/lib/forms/respond.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/history-restore";

// POST /admin/history/:entity/:entityId/restore (the History panel's 'Restore'): saves an old version again.
export function loader(): never {
  throw data("Not Found", { status: 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const actor = getAdminUser(context);
  const kind = versionKind(params.entity);
  if (!kind) throw data("Not Found", { status: 404 });
  const number = Number((await readFormData(request)).get("number"));
  const back = kind.editPath(params.entityId);
  if (!Number.isInteger(number) || number < 1)
    return redirectWithToast(back, errorToast("Cannot Restore Version", "Choose a version to restore."));
  const failed = {
    ok: false as const,
    title: "Cannot Restore Version",
    message: "The version could not be restored. Please try again.",
  };
  const result = await attempt(
    "history",
    () => restoreVersion(services.db, actor, params.entity, params.entityId, number),
    failed,
  );
  if (!result.ok) return redirectWithToast(back, errorToast(result.title, result.message));
  services.changed(...result.changed);
  return redirectWithToast(
    result.editPath,
    successToast("Version Restored", `Version ${number} was saved again as version ${result.number}.`),
  );
}
