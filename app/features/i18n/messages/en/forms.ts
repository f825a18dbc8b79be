/** The forms texts in English (see site.ts for the conventions). */
export default {} as const;
