import arabicBold from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-700-normal.woff2?url";
import arabicRegular from "@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-arabic-400-normal.woff2?url";
import bengaliBold from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2?url";
import bengaliRegular from "@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2?url";
import type { Language } from "./languages";

/**
 * The font files a language's pages draw their letters with (app.css declares them, ADR 0053): preloaded by those
 * pages only. The same files as the stylesheet's, so Vite gives them the same hashed addresses.
 */
export const SCRIPT_FONTS: Partial<Record<Language, readonly string[]>> = {
  ar: [arabicRegular, arabicBold],
  bn: [bengaliRegular, bengaliBold],
};
