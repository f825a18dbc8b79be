import { Mail, Send, Trash2 } from "lucide-react";
import { data, Form } from "react-router";
import { InquiryStatusBadge } from "~/components/admin/inquiry-status-badge";
import { AdminPageHeader, Card, DeleteForm } from "~/components/admin/ui";
import { SubmitButton } from "~/components/forms";
import { buttonClass } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import {
  INQUIRY_STATUSES,
  STATUS_LABELS,
  formatInquiryTime,
  inquiryStatusForm,
  replyMailto,
} from "~/features/inquiries/inquiries.schema";
import { deleteInquiry, findInquiry, setInquiryStatus } from "~/features/inquiries/inquiries.server";
import { notificationsEnabled, sendInquiryNotification } from "~/features/inquiries/notify.server";
import { readFormData } from "~/lib/form-data.server";
import {
  errorToast,
  formFailure,
  redirectBack,
  redirectWithToast,
  refuse,
  successToast,
} from "~/lib/forms/respond.server";
import { parseSubmission, type Refusal } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/inquiry";

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `Inquiry: ${loaderData.inquiry.subject}` : "Inquiry" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const inquiry = await findInquiry(db, params.inquiryId);
  if (!inquiry) throw data("Inquiry not found", { status: 404 });
  const { ip_hash: _ipHash, ...shown } = inquiry;
  return {
    inquiry: {
      ...shown,
      received: formatInquiryTime(inquiry.created_at),
      notified: formatInquiryTime(inquiry.notified_at),
    },
    replyHref: replyMailto(inquiry.email, inquiry.subject),
    notify: notificationsEnabled(config),
  };
}

const GONE = "The inquiry no longer exists.";
const refusal = (title: string, message: string): Refusal => ({ ok: false, title, message });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config } = getServices(context);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "status") {
    const submission = { ...parseSubmission(form, inquiryStatusForm.schema), form: "status" };
    if (!submission.ok) return formFailure(submission, inquiryStatusForm.invalidToast(submission.errors));
    const { status } = submission.value;
    if (!(await setInquiryStatus(db, params.inquiryId, status)))
      return refuse(submission, refusal("Error Updating Status", GONE), 404);
    return redirectBack(
      request,
      successToast("Status Updated", `The inquiry is marked as ${STATUS_LABELS[status].toLowerCase()}.`),
    );
  }
  if (intent === "resend") {
    const result = await sendInquiryNotification(db, config, params.inquiryId);
    if (!result.ok) return refuse({ values: {}, form: "resend" }, refusal("Notification Not Sent", result.error), 502);
    return redirectBack(
      request,
      successToast("Notification Sent", `The inquiry was emailed to ${config.inquiryNotifyTo}.`),
    );
  }
  if (intent === "delete") {
    if (!(await deleteInquiry(db, params.inquiryId)))
      return refuse({ values: {}, form: "delete" }, refusal("Error Deleting Inquiry", GONE), 404);
    return redirectWithToast("/admin/inquiries", successToast("Inquiry Deleted", "The inquiry has been deleted."));
  }
  return formFailure({}, errorToast("Error", "Unknown request."));
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export default function InquiryDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, replyHref, notify } = loaderData;
  useToastOnChange(actionData?.toast);
  return (
    <div className="max-w-3xl">
      <AdminPageHeader title="Inquiry" back={{ to: "/admin/inquiries", label: "Back to Inquiries" }}>
        <a href={replyHref} className={buttonClass()}>
          <Mail className="size-4" aria-hidden /> Reply by Email
        </a>
      </AdminPageHeader>
      <div className="space-y-6">
        <Card>
          {/* Everything the buyer typed is shown as text. */}
          <h2 className="text-xl font-semibold break-words text-brand-900">{inquiry.subject}</h2>
          <dl className="mt-4 space-y-3">
            <Field label="Status">
              <InquiryStatusBadge status={inquiry.status} />
            </Field>
            <Field label="Received">{inquiry.received}</Field>
            <Field label="Full Name">{inquiry.full_name}</Field>
            <Field label="Email Address">
              <a href={replyHref} className="break-all text-brand-700 hover:underline">
                {inquiry.email}
              </a>
            </Field>
            <Field label="Phone Number">
              {inquiry.phone ? (
                <a href={`tel:${inquiry.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 hover:underline">
                  {inquiry.phone}
                </a>
              ) : (
                "—"
              )}
            </Field>
            <Field label="Product">{inquiry.product_name ?? "—"}</Field>
            <Field label="Sent from page">
              {inquiry.page_path ? <span className="font-mono text-sm break-all">{inquiry.page_path}</span> : "—"}
            </Field>
          </dl>
          <h3 className="mt-6 text-sm font-medium text-slate-600">Message</h3>
          <p data-testid="inquiry-message" className="mt-1 rounded-md bg-slate-50 p-4 break-words whitespace-pre-wrap">
            {inquiry.message}
          </p>
        </Card>

        <Card>
          <h2 className="font-semibold text-brand-900">Status</h2>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="status" />
            {INQUIRY_STATUSES.filter((s) => s !== inquiry.status).map((status) => (
              <SubmitButton key={status} name="status" value={status} variant="outline" size="sm">
                Mark as {STATUS_LABELS[status]}
              </SubmitButton>
            ))}
          </Form>
        </Card>

        <Card>
          <h2 className="font-semibold text-brand-900">Email notification</h2>
          <p data-testid="notify-state" className="mt-2 text-sm">
            {inquiry.notified_at ? (
              <>Sent {inquiry.notified}.</>
            ) : inquiry.notify_error ? (
              <span className="text-red-700">Not sent: {inquiry.notify_error}</span>
            ) : notify ? (
              "Not sent yet."
            ) : (
              "Email notifications are off (set SMTP_URL and INQUIRY_NOTIFY_TO)."
            )}
          </p>
          {notify ? (
            <Form method="post" className="mt-3">
              <SubmitButton name="intent" value="resend" variant="outline" size="sm" pendingLabel="Sending...">
                <Send className="size-4" aria-hidden /> Resend notification
              </SubmitButton>
            </Form>
          ) : null}
        </Card>

        <div className="flex justify-end">
          <DeleteForm
            what={`the inquiry from "${inquiry.full_name}"`}
            id={inquiry.id}
            label="Delete Inquiry"
            className="flex items-center gap-2 rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            <Trash2 className="size-4" aria-hidden /> Delete Inquiry
          </DeleteForm>
        </div>
      </div>
    </div>
  );
}
