/** A record's state as a coloured pill (quotes, orders): its words and its colours come from the feature. */
export function StatusBadge({ label, tone, testId }: { label: string; tone: string; testId: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
      data-testid={testId}
    >
      {label}
    </span>
  );
}
