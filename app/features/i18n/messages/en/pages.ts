/** The public pages' own texts in English (see chrome.ts for the conventions). */
export default {} as const;
