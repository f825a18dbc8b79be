import { parse, serialize } from "cookie";
import type { ToastInput } from "~/components/ui/toast";

// A toast that must survive a redirect (an action that succeeded, then the list page) rides in a short cookie.
const FLASH_COOKIE = "flash";

/** Which flash cookie: the back office's by default; the public site has its own (`site/flash.server.ts`). */
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
