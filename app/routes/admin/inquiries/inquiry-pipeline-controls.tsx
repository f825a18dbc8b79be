import { Form } from "react-router";
import { Field, SchemaForm, SelectField, SubmitButton } from "~/components/forms/index";
import type { InquiryDetailData } from "~/features/inquiries/inquiry-detail.server";
import {
  inquiryAssigneeForm,
  inquiryFollowUpForm,
  PIPELINE_MOVES,
  moveLabel,
} from "~/features/inquiries/inquiries.schema";
import { Card } from "~/components/admin/card";
import { InquiryStatusBadge } from "./inquiry-status-badge";

interface InquiryPipelineControlsProps {
  inquiry: Pick<InquiryDetailData["inquiry"], "status" | "followUp" | "assignee_id">;
  administrators: InquiryDetailData["administrators"];
  /** The page's action data: each form shows its own refusal. */
  result: unknown;
}

/** Where the lead stands in the pipeline, and the forms that move it on, set its follow-up day and its assignee. */
export function InquiryPipelineControls({ inquiry, administrators, result }: InquiryPipelineControlsProps) {
  return (
    <>
      <Card>
        <h2 className="font-semibold text-brand-900">Status</h2>
        <p className="mt-2">
          <InquiryStatusBadge status={inquiry.status} />
        </p>
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="status" />
          {PIPELINE_MOVES[inquiry.status].map((status) => (
            <SubmitButton
              key={status}
              name="status"
              value={status}
              variant="outline"
              size="sm"
              pendingLabel="Updating..."
            >
              {moveLabel(status)}
            </SubmitButton>
          ))}
        </Form>
      </Card>

      <Card>
        <h2 className="font-semibold text-brand-900">Follow-up</h2>
        <SchemaForm
          of={inquiryFollowUpForm}
          result={result}
          intent="follow-up"
          method="post"
          className="mt-3 space-y-3"
          key={inquiry.followUp.day}
        >
          <Field
            name="follow_up"
            label="Follow up on"
            type="date"
            defaultValue={inquiry.followUp.day}
            hint="A day in the site's time zone: the lead is listed under Follow-ups Due on the dashboard from then."
          />
          {inquiry.followUp.due ? (
            <p className="text-sm font-medium text-amber-800" data-testid="follow-up-due">
              Follow-up due
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <SubmitButton size="sm" variant="outline" pendingLabel="Saving...">
              Save Follow-up
            </SubmitButton>
            {inquiry.followUp.day ? (
              <SubmitButton size="sm" variant="outline" name="follow_up" value="" pendingLabel="Clearing...">
                Clear
              </SubmitButton>
            ) : null}
          </div>
        </SchemaForm>
      </Card>

      <Card>
        <h2 className="font-semibold text-brand-900">Assignee</h2>
        <SchemaForm
          of={inquiryAssigneeForm}
          result={result}
          intent="assign"
          method="post"
          className="mt-3 space-y-3"
          key={inquiry.assignee_id ?? ""}
        >
          <SelectField
            name="assignee_id"
            label="Assigned to"
            placeholder="Unassigned"
            defaultValue={inquiry.assignee_id ?? ""}
            options={administrators.map((admin) => ({ value: admin.id, label: admin.name }))}
          />
          <SubmitButton size="sm" variant="outline">
            Save Assignee
          </SubmitButton>
        </SchemaForm>
      </Card>
    </>
  );
}
