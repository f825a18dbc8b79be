import { Form } from "react-router";
import type { DiffLine } from "~/features/history/diff";
import type { HistoryEntry } from "~/features/versions/restore.server";
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

function Change({ line }: { line: DiffLine }) {
  if (line.kind === "text")
    return (
      <li>
        <span className="font-medium">{`${line.label}:`}</span>{" "}
        <span className="text-slate-500">{line.from || "(empty)"}</span> → <span>{line.to || "(empty)"}</span>
      </li>
    );
  return (
    <li>
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
    </li>
  );
}

function Changes({ lines }: { lines: DiffLine[] }) {
  return (
    <ul className="mt-1 space-y-0.5 text-sm break-words">
      {lines.map((line) => (
        <Change key={line.label} line={line} />
      ))}
    </ul>
  );
}

/**
 * An item's 'History' (issue 27): its versions newest first, who saved each and when (in the site's time zone),
 * what each changed field by field, and 'Restore' for the older ones, which saves that version again as a new one.
 */
export function HistoryPanel({ entries, restoreAction }: { entries: HistoryEntry[]; restoreAction: string }) {
  return (
    <Card className="mt-6">
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-3 text-lg font-semibold">
          History
        </h2>
        {entries.length === 0 ? (
          <p className="text-sm text-slate-600">No versions yet: the first save records one.</p>
        ) : (
          <ol className="space-y-4">
            {entries.map((entry) => (
              <li
                key={entry.number}
                className="border-b border-slate-100 pb-3 last:border-0"
                data-version={entry.number}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="text-sm">
                    <span className="font-semibold">{`Version ${entry.number}`}</span>
                    {entry.current ? <span className="ml-2 text-xs text-green-700">(current)</span> : null} ·{" "}
                    {entry.baseline ? (
                      <>
                        As it was before its first edit here (added earlier: created, imported or seeded) · kept{" "}
                        <SiteTime iso={entry.at} />
                      </>
                    ) : (
                      <>
                        {ACTION_WORDS[entry.action] ?? entry.action} by {entry.actorName ?? "the system"} ·{" "}
                        <SiteTime iso={entry.at} />
                      </>
                    )}
                  </p>
                  {entry.current ? null : (
                    <Form
                      method="post"
                      action={restoreAction}
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
                    <Changes lines={entry.changes} />
                  </details>
                ) : (
                  <Changes lines={entry.changes} />
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
