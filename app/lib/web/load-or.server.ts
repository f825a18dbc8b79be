import { log } from "~/lib/log.server";
import type { ToastInput } from "./toast";

/**
 * Spec §4: on a failed load a public screen shows an error toast and an empty list instead of breaking. The
 * failure is logged on the server; the visitor sees the spec's title and message; the answer is never cached.
 */
export async function loadOr<T>(
  services: { markIncomplete(): void },
  load: () => Promise<T>,
  fallback: T,
  toast: ToastInput,
): Promise<{ data: T; error: ToastInput | null }> {
  try {
    return { data: await load(), error: null };
  } catch (error) {
    log.error(`[site] ${toast.title}`, error);
    services.markIncomplete();
    return { data: fallback, error: { variant: "destructive", ...toast } };
  }
}
