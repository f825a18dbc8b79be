/** The largest CSV file the import accepts; shared by the server check and the label beside the file input. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;
export const MAX_CSV_MB = MAX_CSV_BYTES / 1024 / 1024;
