import { parse, serialize } from "cookie";
import type { ToastInput } from "~/components/ui/toast";

// A toast that must survive a redirect (an action that succeeded, then the list page) rides in a short cookie.
const FLASH_COOKIE = "flash";

export function flashCookie(toast: ToastInput): string {
  return serialize(FLASH_COOKIE, Buffer.from(JSON.stringify(toast)).toString("base64url"), {
    httpOnly: true,
    sameSite: "lax",
    path: "/admin",
    maxAge: 60,
  });
}

export const clearFlashCookie = () =>
  serialize(FLASH_COOKIE, "", { httpOnly: true, sameSite: "lax", path: "/admin", maxAge: 0 });

export function readFlash(request: Request): ToastInput | null {
  const raw = parse(request.headers.get("Cookie") ?? "")[FLASH_COOKIE];
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
