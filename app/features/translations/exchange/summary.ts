/** The preview's sentence: "142 fields will change, 3 refused: unknown id". */
export function importSummary(preview: {
  change: number;
  refused: number;
  unchanged: number;
  reasons: Array<{ reason: string; count: number }>;
}): string {
  const fields = preview.change === 1 ? "1 field will change" : `${preview.change} fields will change`;
  const reasons = preview.reasons
    .map(({ reason, count }) => (preview.reasons.length > 1 ? `${reason} (${count})` : reason))
    .join(", ");
  const refused = preview.refused ? `, ${preview.refused} refused: ${reasons}` : "";
  return `${fields}${refused}. ${preview.unchanged} unchanged.`;
}
