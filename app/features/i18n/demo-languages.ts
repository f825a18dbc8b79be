import type { ShippedLanguage } from "~/lib/i18n/languages";

/** The languages the demo content ships in besides English, enabled on a new site: their texts must be complete. */
export const DEMO_LANGUAGES: readonly ShippedLanguage[] = ["ar", "bn"];
