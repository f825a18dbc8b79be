import { getAdminUser } from "~/features/auth/guard.server";
import { uploadPictures } from "~/features/media/media-library.server";
import { picturesFromForm } from "~/features/media/upload-form.server";
import { readFormData } from "~/lib/form-data.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/media-upload";

// 'Upload Pictures' with JavaScript (issue 29): each batch the Media Library's uploader sends, answered with each
// file's result so the page can list them. Without JavaScript the form posts to /admin/media itself.
export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config, changed } = getServices(context);
  changed(pageTag.none);
  const files = picturesFromForm(await readFormData(request));
  if (!files.ok) return Response.json({ outcomes: [], message: files.message }, { status: 400 });
  const outcomes = await uploadPictures(db, storage, getAdminUser(context), files.files, config.uploadMaxBytes);
  return Response.json({ outcomes }, { headers: { "Cache-Control": "no-store" } });
}
