import type { ToastInput } from "~/components/ui/toast";
import { clearFlashCookie, flashCookie, readFlash } from "~/features/admin/flash.server";

/**
 * The public site's toast after a redirect (post/redirect/get without JavaScript): its own cookie, for every path.
 * The page cache treats it as personal (`features/page-cache/policy.server.ts`), so the page that shows it is
 * rendered for that visitor.
 */
export const SITE_FLASH_COOKIE = "site_flash";
const SITE_FLASH = { name: SITE_FLASH_COOKIE, path: "/" };

export const siteFlashCookie = (toast: ToastInput) => flashCookie(toast, SITE_FLASH);
export const clearSiteFlashCookie = () => clearFlashCookie(SITE_FLASH);
export const readSiteFlash = (request: Request) => readFlash(request, SITE_FLASH);
