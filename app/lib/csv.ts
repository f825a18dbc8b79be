/**
 * CSV cells that a spreadsheet would run as a formula (starting with = + - @, tab or CR) get a leading
 * apostrophe (DESIGN "Security floor"). papaparse's own escapeFormulae misses a cell whose formula-like first line
 * is followed by more lines, so every export uses this instead.
 */
export const neutraliseFormula = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Takes off the apostrophe an export put before a formula-like cell. */
export const unescapeFormula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);
