import { Award, Pencil, Plus, Trash2 } from "lucide-react";
import { Form, Link } from "react-router";
import { ImageField } from "~/components/forms";
import {
  AdminPageHeader,
  Card,
  DeleteForm,
  FieldLabel,
  InlineFormButtons,
  inputClass,
  MoveButtons,
  SortOrderField,
  useInlineEditing,
} from "~/components/admin/ui";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { failure, successRedirect } from "~/features/admin/item-actions.server";
import { moveItem } from "~/features/admin/reorder.server";
import {
  deleteCertificate,
  listCertificatesForAdmin,
  saveCertificate,
} from "~/features/certificates/certificates-admin.server";
import { imageFieldValue } from "~/features/media/upload.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/certificates";

const LIST = "/admin/edit-pages/certificates";
export const meta = () => [{ title: "Manage Certificates" }];

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await listCertificatesForAdmin(getServices(context).db);
  return { certificates: rows.map((c) => ({ ...c, image_url: safeImageSrc(c.image_url) })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const form = await readFormData(request);
  const text = (name: string) => String(form.get(name) ?? "");
  switch (text("intent")) {
    case "save": {
      const values = {
        name: text("name"),
        description: text("description"),
        authority: text("authority"),
        sortOrder: text("sort_order"),
      };
      const id = text("id") || undefined;
      const result = await saveCertificate(
        db,
        storage,
        { id, ...values, ...imageFieldValue(form, "image") },
        config.uploadMaxBytes,
      );
      if (!result.ok) return failure(result.title, result.message, 400, values);
      return successRedirect(
        LIST,
        id ? "Certificate Updated" : "Certificate Added",
        `"${values.name.trim()}" has been saved.`,
      );
    }
    case "move":
      await moveItem(db, "certificates", text("id"), text("direction") === "up" ? "up" : "down");
      return successRedirect(LIST, "Order saved");
    case "delete":
      if (!(await deleteCertificate(db, storage, text("id"))))
        return failure("Error deleting certificate", "The certificate no longer exists.", 404);
      return successRedirect(LIST, "Certificate Deleted");
    default:
      return failure("Error", "Unknown request.");
  }
}

type Certificate = Route.ComponentProps["loaderData"]["certificates"][number];

function CertificateForm({
  certificate,
  count,
  typed,
}: {
  certificate: Certificate | null;
  count: number;
  typed?: Record<string, string>;
}) {
  return (
    <Card className="mb-6">
      <h2 className="mb-4 text-lg font-semibold text-brand-900">
        {certificate ? "Edit Certificate" : "Add New Certificate"}
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        className="grid gap-5 sm:grid-cols-2"
        key={certificate?.id ?? "new"}
      >
        <input type="hidden" name="intent" value="save" />
        {certificate ? <input type="hidden" name="id" value={certificate.id} /> : null}
        <div>
          <FieldLabel htmlFor="name" required>
            Certificate Name
          </FieldLabel>
          <input
            id="name"
            name="name"
            defaultValue={typed?.name ?? certificate?.name ?? ""}
            maxLength={120}
            className={inputClass}
            placeholder="e.g. APEDA Registration"
          />
        </div>
        <div>
          <FieldLabel htmlFor="authority">Issuing Authority</FieldLabel>
          <input
            id="authority"
            name="authority"
            defaultValue={typed?.authority ?? certificate?.authority ?? ""}
            maxLength={200}
            className={inputClass}
          />
        </div>
        <div className="sm:col-span-2">
          <FieldLabel htmlFor="description">Description</FieldLabel>
          <textarea
            id="description"
            name="description"
            rows={3}
            defaultValue={typed?.description ?? certificate?.description ?? ""}
            maxLength={2000}
            className={inputClass}
          />
        </div>
        <SortOrderField defaultValue={typed?.sortOrder ?? String(certificate?.sort_order ?? count)} />
        <div className="sm:col-span-2">
          <ImageField name="image" label="Certificate Image" currentUrl={certificate?.image_url ?? null} />
        </div>
        <InlineFormButtons label={certificate ? "Update Certificate" : "Add Certificate"} cancelTo={LIST} />
      </Form>
    </Card>
  );
}

export default function ManageCertificates({ loaderData, actionData }: Route.ComponentProps) {
  const { certificates } = loaderData;
  useToastOnChange(actionData?.toast);
  const { editing, formOpen } = useInlineEditing(certificates);

  return (
    <div>
      <AdminPageHeader title="Manage Certificates" back={{ to: "/admin/edit-pages", label: "Back to Edit Pages" }}>
        <ButtonLink to="?edit=new">
          <Plus className="size-4" aria-hidden /> Add New Certificate
        </ButtonLink>
      </AdminPageHeader>
      {formOpen ? (
        <CertificateForm certificate={editing} count={certificates.length} typed={actionData?.values} />
      ) : null}
      {certificates.length === 0 ? (
        <Card className="text-center">
          <Award className="mx-auto size-10 text-slate-300" aria-hidden />
          <p className="mt-3 font-semibold text-brand-900">No certificates found.</p>
          <p className="mt-1 text-sm text-muted">Click &quot;Add New Certificate&quot; to get started.</p>
        </Card>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {certificates.map((certificate, index) => (
            <li
              key={certificate.id}
              className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
              data-testid="certificate-card"
            >
              <div className="flex aspect-[4/3] items-center justify-center bg-slate-100">
                {certificate.image_url ? (
                  <img
                    src={certificate.image_url}
                    alt={certificate.name}
                    width={400}
                    height={300}
                    loading="lazy"
                    className="size-full object-contain"
                  />
                ) : (
                  <Award className="size-12 text-slate-300" aria-label="No image" />
                )}
              </div>
              <div className="flex flex-1 flex-col p-4">
                <h2 className="font-semibold text-brand-900">{certificate.name}</h2>
                {certificate.authority ? <p className="text-sm text-muted">{certificate.authority}</p> : null}
                {certificate.description ? (
                  <p className="mt-2 line-clamp-3 text-sm text-slate-700">{certificate.description}</p>
                ) : null}
                <div className="mt-auto flex items-center justify-between gap-2 pt-4">
                  <MoveButtons
                    id={certificate.id}
                    name={certificate.name}
                    first={index === 0}
                    last={index === certificates.length - 1}
                  />
                  <div className="flex gap-1">
                    <Link
                      to={`?edit=${certificate.id}`}
                      className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
                      aria-label={`Edit ${certificate.name}`}
                    >
                      <Pencil className="size-4" aria-hidden /> Edit
                    </Link>
                    <DeleteForm
                      what={`the certificate "${certificate.name}"`}
                      id={certificate.id}
                      label={`Delete ${certificate.name}`}
                      className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50"
                    >
                      <Trash2 className="size-4" aria-hidden /> Delete
                    </DeleteForm>
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
