/**
 * The site chrome's texts in English (header, footer, menus, the language switcher, error pages): the spec's wording, word for word. Keys are `area.thing`; a plural
 * is an object of `Intl.PluralRules` categories (English: one, other) chosen by the `count` parameter.
 */
export default {
  "language.switcher": "Language",
  "language.suggestion": "This page is available in {language}.",
  "language.suggestion.dismiss": "Dismiss",
  "layout.skipToContent": "Skip to content",
  "layout.loading": "Loading",
  "content.untranslated": "This page has not been translated yet. It is shown in English.",
} as const;
