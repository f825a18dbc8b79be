import { Award } from "lucide-react";
import { CertificateStart, CertificateValidity } from "~/components/admin/certificate-validity";
import { SortedImageItemsPage, ItemPicture } from "~/routes/admin/edit-pages/sorted-image-items";
import { Field, TextareaField } from "~/components/forms/index";
import { certificateItems } from "~/features/certificates/certificates-admin.server";
import { certificates } from "~/features/certificates/certificates.schema";
import { isExpired } from "~/features/certificates/validity";
import { utcDate } from "~/lib/time";
import { getServices } from "~/services.server";
import type { Route } from "./+types/certificates";
import { sortedItemsAction, sortedItemsLoader } from "./sorted-image-items.server";

export const meta = () => [{ title: "Manage Certificates" }];
const loadItems = sortedItemsLoader(certificateItems.table);

/** The admin list, with today's UTC date from the server's clock, by which each card says whether it has lapsed. */
export async function loader(args: Route.LoaderArgs) {
  return { ...(await loadItems(args)), today: utcDate(getServices(args.context).now()) };
}
export const action = sortedItemsAction(certificateItems);

export default function ManageCertificates(props: Route.ComponentProps) {
  const { today } = props.loaderData;
  return (
    <SortedImageItemsPage
      title="Manage Certificates"
      kind={certificates}
      {...props}
      nameOf={(certificate) => certificate.name}
      fields={(certificate) => (
        <>
          <Field
            name="name"
            label="Certificate Name"
            defaultValue={certificate?.name}
            placeholder="e.g. APEDA Registration"
          />
          <Field name="authority" label="Issuing Authority" defaultValue={certificate?.authority} />
          <Field
            name="certificate_number"
            label="Certificate Number"
            defaultValue={certificate?.certificate_number}
            hint="As printed on the certificate, e.g. the 14-digit FSSAI licence number."
          />
          <Field
            name="verify_url"
            label="Verify URL"
            defaultValue={certificate?.verify_url}
            placeholder="https://"
            hint="The issuer's public page where a buyer can look the certificate up."
          />
          <Field name="valid_from" label="Valid From" defaultValue={certificate?.valid_from} />
          <Field
            name="valid_until"
            label="Valid Until"
            defaultValue={certificate?.valid_until}
            hint="The last day it holds. Leave empty for a registration that does not lapse. From the day after, the public page no longer shows it."
          />
          <TextareaField
            name="description"
            label="Description"
            rows={3}
            defaultValue={certificate?.description}
            className="sm:col-span-2"
          />
        </>
      )}
      imageLabel="Certificate Image"
      EmptyIcon={Award}
      emptyHint='Click "Add New Certificate" to get started.'
      look="labelled"
      listClassName="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
    >
      {(certificate, { move, handle, actions }) => (
        <div
          className={`flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ${isExpired(certificate.valid_until, today) ? "ring-red-300" : "ring-slate-200"}`}
          data-testid="certificate-card"
        >
          <ItemPicture src={certificate.image_url} alt={certificate.name} fit="contain" Placeholder={Award} />
          <div className="flex flex-1 flex-col p-4">
            <h2 className="font-semibold text-brand-900">{certificate.name}</h2>
            {certificate.authority ? <p className="text-sm text-muted">{certificate.authority}</p> : null}
            {certificate.certificate_number ? (
              <p className="mt-1 text-sm break-words text-slate-700">No. {certificate.certificate_number}</p>
            ) : null}
            <CertificateStart validFrom={certificate.valid_from} today={today} />
            {certificate.valid_until ? (
              <p className="mt-1 text-sm text-slate-700">
                <CertificateValidity validUntil={certificate.valid_until} today={today} />
              </p>
            ) : null}
            {certificate.description ? (
              <p className="mt-2 line-clamp-3 text-sm text-slate-700">{certificate.description}</p>
            ) : null}
            <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-4">
              <div className="flex items-center gap-1">
                {handle}
                {move}
              </div>
              {actions}
            </div>
          </div>
        </div>
      )}
    </SortedImageItemsPage>
  );
}
