import { Form } from "react-router";
import type { HistoryChange, HistoryEntry } from "~/features/versions/restore.server";
import { Card } from "./card";
import { SiteTime } from "./site-time";

const ACTION_WORDS: Record<string, string> = {
  create: "Created",
  update: "Saved",
  restore: "Restored",
  import: "Imported",
  revert: "Import reverted",
  publish: "Published",
  unpublish: "Unpublished",
  schedule: "Scheduled",
};

/** The History panel's anchor: `#history` on an edit page jumps to it, with or without JavaScript. */
const HISTORY_ID = "history";

/**
 * Where a version's Restore buttons post, and which version they name. They load the page anew (`reloadDocument`),
 * as without JavaScript: the edit form above starts from the restored values, which a client-side navigation to the
 * same page would leave as they were in its fields.
 */
interface RestoreTarget {
  action: string;
  number: number;
}

/** 'Restore this field' (ADR 0055): puts back this one field as the version has it, saved as a new version. */
function FieldRestore({ label, target }: { label: string; target: RestoreTarget }) {
  return (
    <Form
      method="post"
      action={target.action}
      reloadDocument
      className="inline"
      onSubmit={(event) => {
        if (!window.confirm(`Restore ${label} as it was in version ${target.number}? It is saved as a new version.`))
          event.preventDefault();
      }}
    >
      <input type="hidden" name="number" value={target.number} />
      <input type="hidden" name="field" value={label} />
      {/* Named by its text, not aria-label: a label holding the field's name ("Title") would name its input too. */}
      <button
        type="submit"
        className="rounded-md px-2 py-1 text-xs font-medium whitespace-nowrap text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50"
      >
        <span aria-hidden="true">Restore this field</span>
        <span className="sr-only">{`Restore this field: ${label}, as in version ${target.number}`}</span>
      </button>
    </Form>
  );
}

function ChangeText({ line }: { line: HistoryChange }) {
  if (line.kind === "text")
    return (
      <span>
        <span className="font-medium">{`${line.label}:`}</span>{" "}
        <span className="text-slate-500">{line.from || "(empty)"}</span> → <span>{line.to || "(empty)"}</span>
      </span>
    );
  return (
    <span>
      <span className="font-medium">{`${line.label}:`}</span>
      {line.added.map((item) => (
        <span key={`+${item}`} className="ml-2 text-green-700">
          + {item}
        </span>
      ))}
      {line.removed.map((item) => (
        <span key={`-${item}`} className="ml-2 text-red-700 line-through">
          − {item}
        </span>
      ))}
      {line.reordered ? <span className="ml-2 text-slate-700">reordered</span> : null}
    </span>
  );
}

function Changes({ lines, target }: { lines: HistoryChange[]; target: RestoreTarget }) {
  return (
    <ul className="mt-1 space-y-1 text-sm break-words">
      {lines.map((line) => (
        <li key={line.label} className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
          <ChangeText line={line} />
          {line.restorable ? <FieldRestore label={line.label} target={target} /> : null}
        </li>
      ))}
    </ul>
  );
}

const versionsText = (count: number) =>
  count === 0 ? "no versions yet" : count === 1 ? "1 version" : `${count} versions`;

/**
 * The link near an edit page's heading to its History panel (issue 41: the panel sits below a long form): an
 * in-page anchor, so it works without JavaScript.
 */
export function HistoryLink({ entries }: { entries: HistoryEntry[] }) {
  return (
    <a
      href={`#${HISTORY_ID}`}
      className="inline-flex min-h-9 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
    >
      {`History (${versionsText(entries.length)})`}
    </a>
  );
}

/** How a version is named: who saved it and when, or, for the item as it was first kept, when it was added. */
function VersionName({ entry }: { entry: HistoryEntry }) {
  if (!entry.baseline)
    return (
      <>
        {ACTION_WORDS[entry.action] ?? entry.action} by {entry.actorName ?? "the system"} · <SiteTime iso={entry.at} />
      </>
    );
  // The item as it was before its first edit here: dated by when it was added, not by that edit (issue 41).
  return entry.addedAt ? (
    <>
      As it was before its first edit here · added <SiteTime iso={entry.addedAt} /> (created, imported or seeded)
    </>
  ) : (
    <>
      As it was before its first edit here (added earlier: created, imported or seeded) · kept{" "}
      <SiteTime iso={entry.at} />
    </>
  );
}

/**
 * An item's 'History' (issue 27): its versions newest first, who saved each and when (in the site's time zone),
 * what each changed field by field, 'Restore' for the older ones, which saves that version again as a new one, and
 * 'Restore this field' for each changed field whose value today differs (issue 41).
 */
export function HistoryPanel({ entries, restoreAction }: { entries: HistoryEntry[]; restoreAction: string }) {
  return (
    <section
      id={HISTORY_ID}
      tabIndex={-1}
      aria-labelledby="history-heading"
      className="mt-6 scroll-mt-4 rounded-xl outline-none target:ring-2 target:ring-brand-500"
    >
      <Card>
        <h2 id="history-heading" className="mb-3 text-lg font-semibold">
          History
        </h2>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No versions yet: the first save records one.</p>
        ) : (
          <ol className="space-y-4">
            {entries.map((entry) => {
              const target = { action: restoreAction, number: entry.number };
              return (
                <li
                  key={entry.number}
                  className="border-b border-slate-100 pb-3 last:border-0"
                  data-version={entry.number}
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <p className="text-sm">
                      <span className="font-semibold">{`Version ${entry.number}`}</span>
                      {entry.current ? <span className="ml-2 text-xs text-green-700">(current)</span> : null} ·{" "}
                      <VersionName entry={entry} />
                    </p>
                    {entry.current ? null : (
                      <Form
                        method="post"
                        action={restoreAction}
                        reloadDocument
                        onSubmit={(event) => {
                          if (!window.confirm(`Restore version ${entry.number}? It is saved as a new version.`))
                            event.preventDefault();
                        }}
                      >
                        <input type="hidden" name="number" value={entry.number} />
                        <button
                          type="submit"
                          className="rounded-md px-3 py-1 text-sm font-medium text-blue-700 ring-1 ring-blue-200 hover:bg-blue-50"
                        >
                          Restore
                        </button>
                      </Form>
                    )}
                  </div>
                  {entry.changes.length === 0 ? null : entry.number === 1 && entry.changes.length > 3 ? (
                    // The first version lists every field: folded, so the changes above it stay readable.
                    <details className="mt-1 text-sm">
                      <summary className="cursor-pointer text-slate-600">{`The item as first kept (${entry.changes.length} fields)`}</summary>
                      <Changes lines={entry.changes} target={target} />
                    </details>
                  ) : (
                    <Changes lines={entry.changes} target={target} />
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </section>
  );
}
