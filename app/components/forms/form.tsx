import {
  Fragment,
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from "react";
import { Form, useMatches, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toast";
import {
  constraintsOf,
  parseSubmission,
  type FieldConstraints,
  type FieldErrors,
  type FormDefinition,
  type FormFailure,
  type FormValues,
} from "~/lib/forms/submission";
import { VERSION_FIELD } from "~/lib/forms/edit-version";
import { fieldMessages, invalidToastTexts, messageAttributes, type ControlLimits } from "~/lib/forms/field-messages";
import { useHydrated } from "~/lib/use-hydrated";
import { UNSAVED_ATTRIBUTE } from "~/lib/web/form-snapshot";
import { useKeptValues } from "./kept-values";
import { UploadProgress } from "./upload-progress";

export const KEPT_NOTICE =
  "What you typed before signing in again is back in the form; it is not saved yet. Files must be chosen again.";

interface FormState {
  constraints: Record<string, FieldConstraints>;
  errors: FieldErrors;
  values: FormValues;
  intent?: string;
  clearError: (name: string) => void;
  setError: (name: string, message: string | null) => void;
  /** Puts these fields' values (a saved draft) into the form, as if typed: its fields start again from them. */
  load: (entries: Array<[string, string]>) => void;
  /** On a public page (no React in the browser): a control's messages as data attributes, for the page's script. */
  messagesOf?: (name: string, limits: ControlLimits) => Record<string, string>;
}

const FormContext = createContext<FormState | null>(null);

/**
 * Whether this page runs the public pages' script instead of React in the browser (root.tsx, ADR 0058): its forms
 * are checked by app/island/forms.ts, from the messages the server writes on them.
 */
function useIsland() {
  return useMatches().some((match) => (match.handle as { island?: boolean } | undefined)?.island);
}

const isFailure = (result: unknown, intent?: string): result is FormFailure =>
  typeof result === "object" &&
  result !== null &&
  (result as FormFailure).ok === false &&
  typeof (result as FormFailure).errors === "object" &&
  (result as FormFailure).form === intent;

type SchemaFormProps = Omit<ComponentProps<typeof Form>, "children"> & {
  /** The form's definition from `features/<area>/<area>.schema.ts`. */
  of: FormDefinition<any>;
  /** The action's answer (`actionData`); a refusal for this form shows its errors, values and toast. */
  result?: unknown;
  /** On a page with several forms: the `intent` sent with this one, which the action's refusal names. */
  intent?: string;
  /** On an edit form: the version of the record it shows (`editVersion`), sent back so an outdated save is refused. */
  version?: string | null;
  children: ReactNode;
};

/**
 * A form checked by its schema: in the browser before sending (messages at once, nothing uploaded in vain), and by
 * the action. Without JavaScript the browser's own constraints (`required`, `maxLength`) apply and the server's
 * answer re-renders the page with the messages and what was typed.
 */
export function SchemaForm({ of, result, intent, version, children, onSubmit, ...props }: SchemaFormProps) {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const island = useIsland();
  const showToast = useToast();
  const constraints = useMemo(() => constraintsOf(of.schema), [of]);
  const [answer, setAnswer] = useState<unknown>(result);
  // Values kept across an expired session come back as if refused: shown, not saved, and guarded as unsaved.
  const kept = useKeptValues(of, intent);
  const [restored] = useState(() => !isFailure(result, intent) && !!kept);
  const [failure, setFailure] = useState<FormFailure | null>(() =>
    isFailure(result, intent) ? result : kept ? { ok: false, errors: {}, values: kept } : null,
  );
  // A new answer from the server replaces what the browser found (derived state, set while rendering).
  if (answer !== result) {
    setAnswer(result);
    setFailure(isFailure(result, intent) ? result : null);
  }

  useEffect(() => {
    if (!failure) return;
    if (failure.toast) showToast(failure.toast);
    ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure, showToast]);

  // Loading values remounts the fields, so each (controlled ones too) starts from them.
  const [generation, setGeneration] = useState(0);

  const state = useMemo<FormState>(() => {
    const errors = failure?.errors ?? {};
    const change = (name: string, messages: string[] | undefined) =>
      setFailure((current) => ({
        ok: false,
        values: current?.values ?? {},
        errors: { ...current?.errors, [name]: messages },
      }));
    return {
      constraints,
      errors,
      values: failure?.values ?? {},
      intent,
      clearError: (name) => errors[name] && change(name, undefined),
      setError: (name, message) => change(name, message ? [message] : undefined),
      load: (entries) => {
        const form = new FormData();
        for (const [name, value] of entries) form.append(name, value);
        setFailure({ ok: false, errors: {}, values: parseSubmission(form, of.schema).values });
        setGeneration((n) => n + 1);
      },
      messagesOf: island ? (name, limits) => messageAttributes(fieldMessages(of, name, limits)) : undefined,
    };
  }, [constraints, failure, intent, of, island]);
  const toastTexts = island ? invalidToastTexts(of) : null;

  return (
    <FormContext.Provider value={state}>
      <Form
        ref={ref}
        noValidate={hydrated}
        // Values the server does not have yet: the admin's unsaved-changes guard counts them as changes.
        {...(Object.keys(state.values).length > 0 ? { [UNSAVED_ATTRIBUTE]: "true" } : {})}
        // The public pages' script checks the form with these and the controls' messages (app/island/forms.ts).
        {...(toastTexts
          ? {
              "data-schema-form": "",
              "data-invalid-title": toastTexts.title,
              "data-required-sentence": toastTexts.requiredSentence,
            }
          : {})}
        onSubmit={(event) => {
          onSubmit?.(event);
          if (event.defaultPrevented) return;
          const submitter = (event.nativeEvent as SubmitEvent).submitter;
          const parsed = parseSubmission(new FormData(event.currentTarget, submitter), of.schema);
          if (parsed.ok) return;
          event.preventDefault();
          setFailure({
            ok: false,
            errors: parsed.errors,
            values: parsed.values,
            toast: of.invalidToast(parsed.errors),
          });
        }}
        {...props}
      >
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        {/* The server's refusal as a toast too, once the public pages' script runs (app/island/toasts.ts). */}
        {island && failure?.toast ? <span hidden data-page-toast={JSON.stringify(failure.toast)} /> : null}
        {version ? <VersionInput opened={state.values[VERSION_FIELD]} current={version} /> : null}
        {restored && !answer ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            {KEPT_NOTICE}
          </p>
        ) : null}
        <Fragment key={generation}>{children}</Fragment>
        {props.encType === "multipart/form-data" ? <UploadProgress /> : null}
      </Form>
    </FormContext.Provider>
  );
}

/**
 * The version the form was opened on. A refusal, a kept submission or a restored draft keeps the one sent (or, after
 * "Changed by someone else", the one the server named), not the page's newest: otherwise a second click would
 * overwrite a change the administrator was never told about.
 */
function VersionInput({ opened, current }: { opened: string | string[] | undefined; current: string }) {
  return <input type="hidden" name={VERSION_FIELD} value={typeof opened === "string" ? opened : current} />;
}

/** A field's messages, constraints and the value to start from (what was typed, else `fallback`). */
export function useField(name: string, fallback?: string | string[] | null) {
  const form = useContext(FormContext);
  const errors = form?.errors[name];
  const typed = form?.values[name];
  return {
    id: name,
    errors,
    errorId: errors?.length ? `${name}-error` : undefined,
    invalid: !!errors?.length,
    constraints: form?.constraints[name] ?? {},
    defaultValue: typed ?? fallback ?? undefined,
    /** True when the page shows a refused submission: what was sent (or left out) is what to show. */
    refused: !!form && Object.keys(form.values).length > 0,
    clearError: () => form?.clearError(name),
    setError: (message: string | null) => form?.setError(name, message),
    /** On a public page, the control's messages for the browser's check (`data-msg-*`); elsewhere none. */
    messages: (limits: ControlLimits) => form?.messagesOf?.(name, limits) ?? {},
  };
}

/** Loads values into the SchemaForm around the caller (`LocalDraft`'s 'Restore draft'). */
export function useFormLoader() {
  return useContext(FormContext)?.load;
}

/**
 * Whether this form (or, outside a SchemaForm, any form) is being sent; for a submit button with a name and value
 * (several buttons in one form), whether it was this button.
 */
export function useFormBusy(button?: { name?: string; value?: unknown }) {
  const form = useContext(FormContext);
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  if (button?.name && navigation.formData?.get(button.name) !== String(button.value ?? "")) return false;
  return !form?.intent || navigation.formData?.get("intent") === form.intent;
}
