import { createContext, useContext, useMemo } from "react";
import { parseSubmission, type FormDefinition, type FormValues } from "~/lib/forms/submission";

/**
 * A submission that met an expired session and was kept (ADR 0036), handed down by the admin layout on the page it
 * was sent to once its sender has signed in again: the form it came from starts from its values.
 */
export interface KeptSubmission {
  entries: Array<[string, string]>;
  keptAt: string;
}

const KeptSubmissionContext = createContext<KeptSubmission | null>(null);
export const KeptSubmissionProvider = KeptSubmissionContext.Provider;

/** The kept values for the form `of` (the one of its page that sent them: same `intent`), shaped like a refusal's. */
export function useKeptValues(of: FormDefinition<any>, intent?: string): FormValues | null {
  const kept = useContext(KeptSubmissionContext);
  return useMemo(() => {
    if (!kept) return null;
    const sentIntent = kept.entries.find(([name]) => name === "intent")?.[1];
    if (sentIntent !== intent) return null;
    const form = new FormData();
    for (const [name, value] of kept.entries) form.append(name, value);
    return parseSubmission(form, of.schema).values;
  }, [kept, of, intent]);
}
