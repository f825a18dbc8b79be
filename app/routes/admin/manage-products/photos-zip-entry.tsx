import { FileArchive } from "lucide-react";
import { Card } from "~/components/admin/card";
import { ButtonLink } from "~/components/ui/button";
import { NAMING_RULE } from "~/features/catalogue/photos/naming";

/** The import page's way to the photos: a ZIP matched to products by file name (issue 29, ADR 0042). */
export function PhotosZipEntry() {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Photos</h2>
      <p className="mt-1 text-sm text-muted">{NAMING_RULE}</p>
      <ButtonLink to="/admin/manage-products/import-photos" variant="outline" className="mt-3">
        <FileArchive className="size-4" aria-hidden /> Import Photos (ZIP)
      </ButtonLink>
    </Card>
  );
}
