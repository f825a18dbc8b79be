import { data } from "react-router";
import type { ToastInput } from "~/components/ui/toast";
import { flashCookie } from "./flash.server";

/** An action's answer that shows a destructive toast on the same page and keeps what was typed. */
export function failure(title: string, description: string, status = 400, values?: Record<string, string>) {
  return data({ toast: { title, description, variant: "destructive" } as ToastInput, values }, { status });
}

/** A redirect (to the list, form closed) that shows a success toast there. */
export function successRedirect(to: string, title: string, description?: string): Response {
  return new Response(null, {
    status: 302,
    headers: { Location: to, "Set-Cookie": flashCookie({ title, description, variant: "success" }) },
  });
}
