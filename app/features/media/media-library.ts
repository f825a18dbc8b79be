// The Media Library's limits, shared by its page and its service (issue 29).

/** Longest alt text kept: a sentence or two, what a screen reader reads out in one go. */
export const ALT_TEXT_MAX = 250;
/** Pictures shown per page of the library. */
export const LIBRARY_PAGE_SIZE = 48;
/** Pictures one 'Upload Pictures' request may carry (each is checked and re-encoded while the request waits). */
export const UPLOAD_MAX_FILES = 20;
