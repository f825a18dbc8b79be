/** The editor's form: each field's text under `t:<field>`, the hash of the English shown beside it under `h:<field>`,
 * the translation the page showed under `s:<field>` (ADR 0049), and `r:<field>` ticked when an outdated translation
 * was checked and is still right. */
export const textName = (field: string) => `t:${field}`;
export const shownHashName = (field: string) => `h:${field}`;
export const reviewedName = (field: string) => `r:${field}`;
export const shownValueName = (field: string) => `s:${field}`;
