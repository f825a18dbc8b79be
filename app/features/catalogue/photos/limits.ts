import { megabytes } from "~/features/images/upload-limits";

// What the page and the server both say about the ZIP itself (the server checks again).
export const NO_ZIP = "Please choose a ZIP file.";
export const zipTooLarge = (maxBytes: number) => `The ZIP is larger than the ${megabytes(maxBytes)} limit.`;
