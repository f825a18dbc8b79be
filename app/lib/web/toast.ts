/** A notice for the visitor or administrator: made by loaders, actions and form rules, shown by `ToastProvider`. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** Milliseconds before it disappears (spec §9: 5 s by default). */
  duration?: number;
}
