/** Methods that change nothing: no CSRF check, no body, and they never make the public pages stale. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The path as the server's rules compare it: lowercased and percent-decoded. React Router matches paths without
 * regard to case (`/ADMIN/EDIT-PAGES/GALLERY` is the gallery editor), so every rule must too, or a shouted path would
 * reach the back office without its rules (no-store, the page cache emptied after a write, its body limit).
 */
export function rulePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  if (!lower.includes("%")) return lower;
  try {
    return decodeURIComponent(lower);
  } catch {
    return lower;
  }
}

/** A back-office page or its data request (`/admin.data`, `/admin/…`, `/admin/….data`), given its `rulePath`. */
export const isAdminPath = (pathname: string) =>
  pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");

/**
 * The back-office pages outside the admin layout's guard (app/routes.ts): signing in, setting up, password links.
 * Their forms are small and public; tests/integration/admin-authorization.test.ts checks this list against the routes.
 */
export const OPEN_ADMIN_PATHS = [
  "/admin/login",
  "/admin/login/two-factor",
  "/admin/setup",
  "/admin/forgot-password",
  "/admin/accept-invite",
  "/admin/reset-password",
] as const;
const OPEN_ADMIN = new Set<string>(OPEN_ADMIN_PATHS);

/** One of `OPEN_ADMIN_PATHS` or its data request, given its `rulePath`. */
export const isOpenAdminPath = (pathname: string) =>
  OPEN_ADMIN.has(pathname.replace(/\.data$/, "").replace(/\/+$/, ""));
