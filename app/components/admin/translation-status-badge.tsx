import type { TranslationStatus } from "~/features/translations/status";

const STYLE: Record<TranslationStatus, string> = {
  missing: "bg-rose-100 text-rose-800",
  outdated: "bg-amber-100 text-amber-900",
  done: "bg-green-100 text-green-800",
};
const LABEL: Record<TranslationStatus, string> = { missing: "Missing", outdated: "Outdated", done: "Done" };

/** A translation's state in words (never by colour alone), as the grid and the editor show it. */
export function TranslationStatusBadge({
  status,
  children,
}: {
  status: TranslationStatus;
  children?: React.ReactNode;
}) {
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${STYLE[status]}`}
    >
      {LABEL[status]}
      {children}
    </span>
  );
}
