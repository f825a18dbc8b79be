import { useState } from "react";
import { Field, SelectField } from "~/components/forms";
import { Button } from "~/components/ui/button";
import { STATUS_OPTIONS } from "~/features/publishing/status";
import { utcToSiteLocal } from "~/lib/site-time";
import { SiteTime, useSiteTimeZone } from "./site-time";

// Draft / Published and 'Schedule' on the product, category and blog forms, and their badge in the lists (ADR 0033).

const BADGE: Record<string, string> = {
  published: "bg-green-100 text-green-800",
  draft: "bg-yellow-100 text-yellow-800",
  scheduled: "bg-sky-100 text-sky-800",
  archived: "bg-slate-200 text-slate-700",
};
const LABEL: Record<string, string> = {
  published: "Published",
  draft: "Draft",
  scheduled: "Scheduled",
  archived: "Archived",
};

/** 'Draft', 'Published' or, for a draft with a publishing time, 'Scheduled' with that time in the site's zone. */
export function StatusBadge({ status, publishAt }: { status: string; publishAt?: string | null }) {
  const shown = status === "draft" && publishAt ? "scheduled" : status;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span
        className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[shown] ?? BADGE.draft}`}
        data-testid="status"
      >
        {LABEL[shown] ?? status}
      </span>
      {shown === "scheduled" ? <SiteTime iso={publishAt} className="text-xs text-muted" /> : null}
    </span>
  );
}

/** The 'Status' select ('Draft' / 'Published', or the blog's own options). */
export function StatusField({
  status,
  options = STATUS_OPTIONS,
}: {
  status: string | undefined;
  options?: Array<{ value: string; label: string }>;
}) {
  return <SelectField name="status" label="Status" defaultValue={status ?? options[0]!.value} options={options} />;
}

/** 'Schedule' beside the status: a date and time here keeps the item unpublished until then (Scheduled). */
export function ScheduleField({ publishAt }: { publishAt: string | null | undefined }) {
  const timeZone = useSiteTimeZone();
  return (
    <Field
      name="publish_at"
      label="Schedule"
      type="datetime-local"
      defaultValue={utcToSiteLocal(publishAt, timeZone)}
      hint={`Published at this date and time (${timeZone}), not before, with Draft or Published chosen. Empty: not scheduled.`}
    />
  );
}

/**
 * A draft's signed preview link (valid 7 days), to hand to a colleague or a buyer: readable and selectable
 * without JavaScript, 'Copy preview link' copies it where the browser allows.
 */
export function PreviewLink({ url, what }: { url: string; what: "product" | "category" }) {
  const [copied, setCopied] = useState(false);
  return (
    <section aria-labelledby="preview-link" className="mb-4 rounded-xl bg-sky-50 p-4 ring-1 ring-sky-200">
      <h2 id="preview-link" className="text-sm font-semibold text-sky-900">
        Preview link
      </h2>
      <p className="mt-1 text-sm text-sky-900">
        {`This ${what} is not public. Anyone with this link sees it as it will look, for 7 days.`}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          readOnly
          value={url}
          aria-label="Preview link"
          className="min-w-0 flex-1 rounded-md border border-sky-200 bg-white px-2 py-1 font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard?.writeText(url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy preview link"}
        </Button>
        <a href={url} target="_blank" rel="noreferrer" className="self-center text-sm text-sky-900 underline">
          Open
        </a>
      </div>
    </section>
  );
}
