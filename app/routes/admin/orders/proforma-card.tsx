import { Download, Send } from "lucide-react";
import { Form } from "react-router";
import { Card } from "~/components/admin/card";
import { MailStateLine } from "~/components/admin/mail-state-line";
import { SiteTime } from "~/components/admin/site-time";
import { SubmitButton } from "~/components/forms";
import type { MailStateText } from "~/features/outbox/mail-state";

export interface ProformaPanel {
  revisions: Array<{ id: string; revision: number; sentAt: string; by: string; to: string; href: string }>;
  next: number | null;
  mailState: MailStateText | null;
  mail: boolean;
  buyerLink: string;
  buyerEmail: string;
}

/**
 * The order's proformas (issue 44): 'Send Proforma' emails it with the order's link; once the order changes, the
 * button sends the next revision, and every revision sent stays here as it was.
 */
export function ProformaCard({ panel, version, open }: { panel: ProformaPanel; version: string; open: boolean }) {
  const latest = panel.revisions[0];
  const action =
    panel.next === null ? "Send Again" : panel.next === 1 ? "Send Proforma" : `Send Revision ${panel.next}`;
  const explanation = !latest
    ? `Not sent yet. It is emailed to ${panel.buyerEmail} with the link to the order's page.`
    : panel.next === null
      ? `Revision ${latest.revision} prints the order as it is: sending again sends the same revision.`
      : `The terms or parties changed after revision ${latest.revision} was sent: sending makes revision ${panel.next}.`;
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="mb-1 text-lg font-semibold text-brand-900">Proforma Invoice</h2>
          <p className="text-sm text-slate-700" data-testid="proforma-next">
            {explanation}
            {panel.mail ? "" : " Email is off: the buyer is given the link by you."}
          </p>
        </div>
        {open ? (
          <Form method="post">
            <input type="hidden" name="intent" value="proforma" />
            <input type="hidden" name="version" value={version} />
            <SubmitButton pendingLabel="Sending...">
              <Send className="size-4" aria-hidden /> {action}
            </SubmitButton>
          </Form>
        ) : null}
      </div>
      {latest && panel.mailState ? (
        <MailStateLine
          label={`Email of revision ${latest.revision}`}
          state={panel.mailState}
          testId="proforma-mail"
          sendAgain={null}
        />
      ) : null}
      {panel.revisions.length ? (
        <ul className="mt-4 divide-y divide-slate-100 text-sm" data-testid="proforma-revisions">
          {panel.revisions.map((proforma) => (
            <li key={proforma.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <a
                href={proforma.href}
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              >
                <Download className="size-4" aria-hidden /> Revision {proforma.revision}
              </a>
              <span>
                sent <SiteTime iso={proforma.sentAt} /> {proforma.by ? `by ${proforma.by}` : ""} to {proforma.to}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-4 text-sm break-all text-slate-700">
        The buyer&apos;s page:{" "}
        <a href={panel.buyerLink} className="text-brand-700 hover:underline" data-testid="order-buyer-link">
          {panel.buyerLink}
        </a>
      </p>
    </Card>
  );
}
