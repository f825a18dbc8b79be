import { data } from "react-router";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import {
  acceptDifferencesForm,
  containerForm,
  containerRows,
  shipmentForm,
  shipmentStatusForm,
  uploadDocumentForm,
} from "~/features/orders/shipment-forms.schema";
import {
  acceptDocumentDifferences,
  makeShipmentDocument,
  removeShipmentDocument,
  uploadShipmentDocument,
} from "~/features/orders/shipment-documents.server";
import { documentDifferencesNow, shipmentPage } from "~/features/orders/shipment-page.server";
import { findShipment } from "~/features/orders/shipment-reads.server";
import {
  addContainer,
  removeContainer,
  saveShipment,
  setShipmentStatus,
} from "~/features/orders/shipment-updates.server";
import { deliverOrderMail } from "~/features/orders/order-mail.server";
import type { Outcome } from "~/features/orders/outcome";
import { isMadeDocumentKind } from "~/features/orders/shipping";
import { lotAction } from "./lot-actions.server";
import { shipmentLotsPanel } from "~/features/lots/lot-reads.server";
import { lotsOfContainer } from "~/features/lots/lots.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { type FormFailure, type FormValues, parseSubmission } from "~/lib/forms/submission";
import { siteToday } from "~/lib/site-time";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { ContainersCard, DocumentsCard, VoyageCard } from "./shipment-panels";
import { isLotForm, LotsCard } from "./lots-card";
import type { Route } from "./+types/shipment";

// One shipment of an order (issue 44): its voyage, containers, the document set and 'Documents agree'. Every intent
// runs below the admin layout's guard (session and admin role checked), and reaches the shipment only through its
// own order's address.
export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Shipment ${loaderData.shipment.reference}` : "Shipment" },
];

const notFound = () => data("Shipment not found", { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const today = siteToday(now(), await siteTimeZone(db));
  const [page, lots] = await Promise.all([shipmentPage(db, params, today), shipmentLotsPanel(db, params)]);
  if (!page || !lots) throw notFound();
  return { ...page, lots };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, storage, config, now } = services;
  services.changed(pageTag.none); // shipments are on no public page
  const actor = getAdminUser(context);
  const ids = { orderId: params.orderId, shipmentId: params.shipmentId };
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/admin/orders/${ids.orderId}/shipments/${ids.shipmentId}`;
  // A service's answer: the shipment's page again with a toast, its refusal with what was typed, or a 404.
  const answer = <T extends object>(
    result: Outcome<T>,
    submission: { values: FormValues; form?: string },
    toast: (done: T) => [string, string],
  ) => {
    if (!result.ok && result.status === 404) throw notFound();
    if (!result.ok) return refuse(submission, result, result.status);
    const [title, description] = toast(result);
    return redirectWithToast(here, successToast(title, description));
  };
  switch (intent) {
    case "voyage": {
      const submission = parseSubmission(form, shipmentForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: intent }, shipmentForm.invalidToast(submission.errors));
      const saved = await saveShipment(db, actor, ids, submission.value.version ?? 0, submission.value, now());
      return answer(saved, { ...submission, form: intent }, (s) => ["Shipment Saved", `${s.reference}: voyage saved.`]);
    }
    case "status": {
      const submission = parseSubmission(form, shipmentStatusForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: intent }, errorToast("Status Not Changed", "Reload the shipment."));
      const { version, to } = submission.value;
      const mail = teamMailConfigured(services.config);
      const saved = await setShipmentStatus(db, actor, ids, version, to, now(), { mail });
      // The buyer's 'sailed' email, tried once now; the outbox retries it while the mail server refuses.
      if (saved.ok) await deliverOrderMail(services, saved.outboxId ?? null, now);
      return answer(saved, { ...submission, form: intent }, (s) => [
        "Status Changed",
        s.outboxId ? `${s.reference} is saved; the buyer is emailed.` : `${s.reference} is saved.`,
      ]);
    }
    case "container": {
      const submission = parseSubmission(form, containerForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: intent }, containerForm.invalidToast(submission.errors));
      const found = await findShipment(db, ids.orderId, ids.shipmentId);
      if (!found) throw notFound();
      const rows = containerRows(submission.value, new Map(found.lines.map((line) => [line.id, line.product_name])));
      if (!rows.ok)
        return formFailure({ ...submission, form: intent }, errorToast("Container Not Added", rows.message));
      const added = await addContainer(db, actor, ids, submission.value, rows.rows, now());
      return answer(added, { ...submission, form: intent }, () => [
        "Container Added",
        `${submission.value.number} added to the shipment.`,
      ]);
    }
    case "remove-container": {
      const containerId = String(form.get("container_id") ?? "");
      // Its lots go with it (issue 45): their public pages change, and their reports are removed once it is.
      const carried = await lotsOfContainer(db, containerId);
      services.changed(...carried.codes.map((code) => pageTag.lot(code)));
      const removed = await removeContainer(db, actor, ids, containerId, now());
      if (removed.ok) for (const path of carried.reports) await storage.remove(path).catch(() => undefined);
      return answer(removed, { values: {}, form: intent }, (r) => ["Container Removed", `${r.number} removed.`]);
    }
    case "make": {
      const kind = form.get("kind");
      if (!isMadeDocumentKind(kind)) return formFailure({}, errorToast("Error", "Unknown document."));
      const made = await makeShipmentDocument(db, actor, ids, kind, { now: now(), timeZone: await siteTimeZone(db) });
      return answer(made, { values: {}, form: intent }, (m) => [
        "Document Made",
        `${m.label}${m.revision > 1 ? ` revision ${m.revision}` : ""} made from the containers.`,
      ]);
    }
    case "upload": {
      const submission = parseSubmission(form, uploadDocumentForm.schema);
      if (!submission.ok)
        return formFailure({ ...submission, form: intent }, uploadDocumentForm.invalidToast(submission.errors));
      const file = submission.value.file!;
      if (file.size > config.uploadMaxBytes)
        return refuse(
          { ...submission, form: intent },
          {
            ok: false,
            title: "Document Not Uploaded",
            message: `The file is larger than ${Math.round(config.uploadMaxBytes / 1024 / 1024)} MB.`,
            field: "file",
          },
        );
      const uploaded = await uploadShipmentDocument(db, storage, actor, ids, { ...submission.value, file }, now());
      return answer(uploaded, { ...submission, form: intent }, (u) => ["Document Uploaded", `${u.label} uploaded.`]);
    }
    case "remove-document": {
      const removed = await removeShipmentDocument(
        db,
        storage,
        actor,
        ids,
        String(form.get("document_id") ?? ""),
        now(),
      );
      return answer(removed, { values: {}, form: intent }, (r) => ["Document Removed", `${r.label} removed.`]);
    }
    case "accept": {
      const submission = parseSubmission(form, acceptDifferencesForm.schema);
      if (!submission.ok) return formFailure({}, errorToast("Not Accepted", "Reload the shipment."));
      const today = siteToday(now(), await siteTimeZone(db));
      const current = await documentDifferencesNow(db, ids, submission.value.document_id, today);
      if (!current) throw notFound();
      // Only the differences the page showed: one that appeared since is looked at first.
      if (current.key !== submission.value.seen || !current.differences.length)
        return formFailure(
          {},
          errorToast("Not Accepted", "The differences changed since the page was shown: look at them again."),
          409,
        );
      const accepted = await acceptDocumentDifferences(
        db,
        actor,
        ids,
        submission.value.document_id,
        current.differences,
        now(),
      );
      return answer(accepted, { values: {}, form: intent }, (a) => [
        "Differences Accepted",
        `${a.label}: accepted as they are.`,
      ]);
    }
  }
  // The 'Lots' card's forms (issue 45): add, save, delete and import.
  const lots = await lotAction(services, actor, ids, intent, form);
  if (lots) return lots;
  return formFailure({}, errorToast("Error", "Unknown request."));
}

export default function ShipmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData as FormFailure | undefined;
  // The forms without fields of their own (status, make, remove, accept) answer with a toast only.
  useToastOnChange(
    failure && !["voyage", "container", "upload"].includes(failure.form ?? "") && !isLotForm(failure.form)
      ? failure.toast
      : undefined,
  );
  const { order, shipment } = loaderData;
  return (
    <div className="max-w-6xl space-y-6">
      <AdminPageHeader
        title={`Shipment ${shipment.reference}`}
        back={{ to: `/admin/orders/${order.id}`, label: `Back to Order ${order.number}` }}
      />
      <VoyageCard page={loaderData} result={actionData} />
      <ContainersCard page={loaderData} result={actionData} />
      <DocumentsCard page={loaderData} result={actionData} />
      <LotsCard order={order.id} shipment={shipment.id} lots={loaderData.lots} result={actionData} />
    </div>
  );
}
