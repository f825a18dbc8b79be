import { data } from "react-router";
import type { ToastInput } from "~/lib/web/toast";
import { flashCookie } from "~/lib/web/flash.server";
import { sameOriginPath } from "~/lib/same-origin";
import { VERSION_FIELD } from "./edit-version";
import type { FieldErrors, FormFailure, FormValues, Refusal } from "./submission";
import { log } from "~/lib/log.server";
import { DISK_FULL, isDiskFull } from "~/lib/disk-full";

/**
 * The one way an action answers (post/redirect/get): success redirects with a toast for the next page; a refusal
 * re-renders the same page with what was typed, the messages per field and the spec's toast.
 */

export function redirectWithToast(to: string, toast: ToastInput): Response {
  return new Response(null, { status: 302, headers: { Location: to, "Set-Cookie": flashCookie(toast) } });
}

/** After a write on a list page (a delete, a move): back to the same page and query, with the toast. */
export function redirectBack(request: Request, toast: ToastInput): Response {
  const url = new URL(request.url);
  return redirectWithToast(sameOriginPath(url.pathname + url.search, url.origin) ?? "/admin/dashboard", toast);
}

export const successToast = (title: string, description?: string): ToastInput => ({
  title,
  description,
  variant: "success",
});

export const errorToast = (title: string, description?: string): ToastInput => ({
  title,
  description,
  variant: "destructive",
});

/** `more.extra`: what else the page shows with the refusal (an import's preview); `more.headers`: a 429's Retry-After. */
export function formFailure<Extra extends object = object>(
  refusal: { errors?: FieldErrors; values?: FormValues; form?: string },
  toast: ToastInput | undefined,
  status = 400,
  more: { extra?: Extra; headers?: HeadersInit } = {},
) {
  const failure: FormFailure = { ok: false, errors: refusal.errors ?? {}, values: refusal.values ?? {}, toast };
  if (refusal.form) failure.form = refusal.form;
  return data({ ...(more.extra as Extra), ...failure }, { status, headers: more.headers });
}

/** Refuses the submission with a service's refusal: its title and message as the toast, the message at its field. */
export function refuse<Extra extends object = object>(
  submission: { values: FormValues; form?: string },
  refusal: Refusal,
  // An outdated form (ADR 0049) conflicts with the record as it is now.
  status = refusal.version ? 409 : 400,
  more: { extra?: Extra; headers?: HeadersInit } = {},
) {
  const errors: FieldErrors = refusal.field ? { [refusal.field]: [refusal.message] } : {};
  const values = refusal.version ? { ...submission.values, [VERSION_FIELD]: refusal.version } : submission.values;
  return formFailure(
    { ...submission, values, errors },
    errorToast(refusal.title, refusal.message),
    refusal.status ?? status,
    more,
  );
}

/**
 * Runs a write. A database or storage error is logged with its detail, and the administrator is answered with
 * `onError`: the spec's wording, never the database's. A full disk is named as such (507): "Please try again" would
 * not help, and the administrator did nothing wrong.
 */
export async function attempt<T>(where: string, work: () => Promise<T>, onError: Refusal): Promise<T | Refusal> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Response) throw error;
    log.error(`[${where}]`, error);
    if (isDiskFull(error)) return { ok: false, title: onError.title, message: DISK_FULL, status: 507 };
    return onError;
  }
}
