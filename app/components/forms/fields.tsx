import type { ComponentProps, ReactNode } from "react";
import { Button, type ButtonStyle } from "~/components/ui/button";
import type { ControlLimits } from "~/lib/forms/field-messages";
import { useField, useFormBusy } from "./form";

export const inputClass =
  "w-full rounded-md border border-field bg-white px-3 py-2 text-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-500 focus:outline-none disabled:bg-slate-100 aria-[invalid=true]:border-red-500 aria-[invalid=true]:ring-red-600";

export function FieldLabel({
  htmlFor,
  children,
  required,
}: {
  htmlFor: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-700">
      {children}
      {/* The star is for the eye; the input's `required` tells assistive technology, and the name stays the label. */}
      {required ? (
        <span className="text-red-600" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

/** The messages under a field (or a form), linked to it by `id` for `aria-describedby`. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600">
      {errors.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

interface FieldShell {
  name: string;
  label: ReactNode;
  /** A line under the field (what it is for, a format). */
  hint?: ReactNode;
  className?: string;
}

function describedBy(errorId: string | undefined, hintId: string | undefined) {
  return [errorId, hintId].filter(Boolean).join(" ") || undefined;
}

/**
 * What every control of a field carries: its id and name, its state for assistive technology, clearing its mark,
 * and on a public page its messages for the browser's check (`limits`: what the control itself checks).
 */
function controlProps<E>(
  field: ReturnType<typeof useField>,
  name: string,
  hint: ReactNode,
  onChange: ((event: E) => void) | undefined,
  limits: ControlLimits,
) {
  return {
    ...field.messages(limits),
    id: field.id,
    name,
    "aria-invalid": field.invalid || undefined,
    "aria-describedby": describedBy(field.errorId, hint ? `${field.id}-hint` : undefined),
    onChange: (event: E) => {
      field.clearError();
      onChange?.(event);
    },
  };
}

function Shell({
  field,
  shell,
  required = field.constraints.required,
  children,
}: {
  field: ReturnType<typeof useField>;
  shell: FieldShell;
  /** A field the schema leaves optional but the page requires (a quote line's quantity) says so too. */
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={shell.className}>
      <FieldLabel htmlFor={field.id} required={required}>
        {shell.label}
      </FieldLabel>
      {children}
      {shell.hint ? (
        <p id={`${field.id}-hint`} className="mt-1 text-xs text-muted">
          {shell.hint}
        </p>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "name" | "defaultValue"> & { defaultValue?: string | null };

/** A text input whose limits come from the form's schema, with its message under it. */
export function Field({
  name,
  label,
  hint,
  className,
  defaultValue,
  inputClassName,
  ...props
}: FieldShell & InputProps & { inputClassName?: string }) {
  const field = useField(name, defaultValue);
  const value = props.value === undefined ? { defaultValue: field.defaultValue as string | undefined } : {};
  return (
    <Shell
      field={field}
      shell={{ name, label, hint, className }}
      required={props.required ?? field.constraints.required}
    >
      <input
        {...field.constraints}
        {...value}
        className={inputClassName ?? inputClass}
        {...props}
        {...controlProps(field, name, hint, props.onChange, {
          type: props.type ?? field.constraints.type,
          required: props.required ?? field.constraints.required,
          maxLength: props.maxLength ?? field.constraints.maxLength,
          min: (props.min as string | number | undefined) ?? field.constraints.min,
          max: (props.max as string | number | undefined) ?? field.constraints.max,
        })}
      />
    </Shell>
  );
}

type TextareaProps = Omit<ComponentProps<"textarea">, "name" | "defaultValue"> & { defaultValue?: string | null };

export function TextareaField({
  name,
  label,
  hint,
  className,
  defaultValue,
  inputClassName,
  above,
  ...props
}: FieldShell & TextareaProps & { inputClassName?: string; above?: ReactNode }) {
  const field = useField(name, defaultValue);
  const { maxLength, required, minLength } = field.constraints;
  return (
    <Shell field={field} shell={{ name, label, hint, className }}>
      {above}
      <textarea
        maxLength={maxLength}
        minLength={minLength}
        required={required}
        defaultValue={field.defaultValue as string | undefined}
        className={inputClassName ?? inputClass}
        {...props}
        {...controlProps(field, name, hint, props.onChange, {
          required: props.required ?? required,
          maxLength: props.maxLength ?? maxLength,
        })}
      />
    </Shell>
  );
}

type SelectProps = Omit<ComponentProps<"select">, "name" | "defaultValue"> & { defaultValue?: string | null };

export function SelectField({
  name,
  label,
  hint,
  className,
  defaultValue,
  options,
  placeholder,
  ...props
}: FieldShell & SelectProps & { options: Array<{ value: string; label: string }>; placeholder?: string }) {
  const field = useField(name, defaultValue);
  return (
    <Shell field={field} shell={{ name, label, hint, className }}>
      <select
        required={field.constraints.required}
        defaultValue={field.defaultValue as string | undefined}
        className={inputClass}
        {...props}
        {...controlProps(field, name, hint, props.onChange, { required: props.required ?? field.constraints.required })}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Shell>
  );
}

/** A checkbox sent as "on" when ticked; what was typed wins over `defaultChecked` after a refusal. */
export function CheckboxField({
  name,
  label,
  defaultChecked,
  className,
}: {
  name: string;
  label: ReactNode;
  defaultChecked?: boolean;
  className?: string;
}) {
  const field = useField(name);
  return (
    <div className={className}>
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input
          type="checkbox"
          id={field.id}
          name={name}
          defaultChecked={field.refused ? field.defaultValue === "on" : defaultChecked}
          className="size-4 accent-brand-700"
        />
        {label}
      </label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The form's submit button: disabled and showing `pendingLabel` while this form is being sent (on a public page the
 * island does that from `data-pending-label`).
 */
export function SubmitButton({
  children,
  pendingLabel = "Saving...",
  disabled,
  ...props
}: Omit<ComponentProps<"button">, "type"> & ButtonStyle & { pendingLabel?: string }) {
  const busy = useFormBusy(props);
  return (
    <Button
      type="submit"
      data-pending-label={pendingLabel}
      {...props}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy ? pendingLabel : children}
    </Button>
  );
}
