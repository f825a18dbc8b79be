import type { Refusal } from "~/lib/forms/submission";

/** What an order's or a shipment's write answers: done (with what the toast names), or refused with its status. */
export type Outcome<T = object> = ({ ok: true } & T) | (Refusal & { status: number });

export const refusal = (status: number, title: string, message: string, extra: Partial<Refusal> = {}) =>
  ({ ok: false, status, title, message, ...extra }) as const;
