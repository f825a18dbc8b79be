import arabicRegular from "~/assets/fonts/noto-naskh-arabic-400.woff2?url";
import arabicBold from "~/assets/fonts/noto-naskh-arabic-700.woff2?url";
import bengaliRegular from "~/assets/fonts/noto-sans-bengali-400.woff2?url";
import bengaliBold from "~/assets/fonts/noto-sans-bengali-700.woff2?url";
import type { Language } from "./languages";

/**
 * The font files a language's pages draw their letters with (app.css declares them, ADR 0053): preloaded by those
 * pages only. The same files as the stylesheet's, so Vite gives them the same hashed addresses.
 */
export const SCRIPT_FONTS: Partial<Record<Language, readonly string[]>> = {
  ar: [arabicRegular, arabicBold],
  bn: [bengaliRegular, bengaliBold],
};
