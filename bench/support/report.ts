/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Prints measures as a Markdown table of two columns, ready for an issue's note. */
export function printTable(rows: [string, string][]) {
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n| ${"measure".padEnd(width)} | value`);
  console.log(`| ${"-".repeat(width)} | -----`);
  for (const [label, value] of rows) console.log(`| ${label.padEnd(width)} | ${value}`);
}
