/** The largest CSV file the import accepts; shared by the server check and the label beside the file input. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
export const MAX_CSV_MB = MAX_CSV_BYTES / 1024 / 1024;

// What the browser and the server both say about the chosen file.
export const CHOOSE_CSV = "Please choose a CSV file.";
export const CSV_TOO_LARGE = `The file is larger than ${MAX_CSV_MB} MB.`;
export const NOT_CSV = "This is not a CSV file. Save the spreadsheet as CSV (comma-separated) and choose that file.";
