import { parse, serialize } from "cookie";
import type { ToastInput } from "./toast";

// A toast that must survive a redirect (an action that succeeded, then the list page) rides in a short cookie.
const FLASH_COOKIE = "flash";

/** Which flash cookie: the back office's by default; the public site has its own (`SITE_FLASH` below). */
interface FlashScope {
  name: string;
  path: string;
}
const ADMIN_FLASH: FlashScope = { name: FLASH_COOKIE, path: "/admin" };

export function flashCookie(toast: ToastInput, scope = ADMIN_FLASH): string {
  return serialize(scope.name, Buffer.from(JSON.stringify(toast)).toString("base64url"), {
    httpOnly: true,
    sameSite: "lax",
    path: scope.path,
    maxAge: 60,
  });
}

export const clearFlashCookie = (scope = ADMIN_FLASH) =>
  serialize(scope.name, "", { httpOnly: true, sameSite: "lax", path: scope.path, maxAge: 0 });

export function readFlash(request: Request, scope = ADMIN_FLASH): ToastInput | null {
  const raw = parse(request.headers.get("Cookie") ?? "")[scope.name];
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    return typeof value?.title === "string"
      ? {
          title: value.title,
          description: typeof value.description === "string" ? value.description : undefined,
          variant: value.variant,
        }
      : null;
  } catch {
    return null;
  }
}

/**
 * The public site's toast after a redirect (post/redirect/get without JavaScript): its own cookie, for every path.
 * The page cache treats it as personal (server/app.ts), so the page that shows it is rendered for that visitor.
 */
export const SITE_FLASH_COOKIE = "site_flash";
const SITE_FLASH: FlashScope = { name: SITE_FLASH_COOKIE, path: "/" };

export const siteFlashCookie = (toast: ToastInput) => flashCookie(toast, SITE_FLASH);
export const clearSiteFlashCookie = () => clearFlashCookie(SITE_FLASH);
export const readSiteFlash = (request: Request) => readFlash(request, SITE_FLASH);
