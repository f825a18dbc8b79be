import type { ComponentProps, FormEvent, ReactNode } from "react";
import { Form } from "react-router";

/** Asks before a delete form is sent (spec §5: 'Are you sure you want to delete … This action cannot be undone.'). */
export const confirmDelete = (what: string) => (event: FormEvent) => {
  if (!window.confirm(`Are you sure you want to delete ${what}? This action cannot be undone.`)) event.preventDefault();
};

/** The delete icon button; given `form`, it sends a delete form that stands elsewhere (outside another form). */
export function DeleteButton({
  label,
  children,
  ...props
}: { label: string; children: ReactNode } & ComponentProps<"button">) {
  return (
    <button
      type="submit"
      aria-label={label}
      title={label}
      className="rounded-md p-2 text-red-600 hover:bg-red-50"
      {...props}
    >
      {children}
    </button>
  );
}

/** A delete button that asks first (spec §5). */
export function DeleteForm({
  what,
  id,
  label,
  children,
  ...props
}: { what: string; id: string; label: string; children: ReactNode } & ComponentProps<"button">) {
  return (
    <Form method="post" onSubmit={confirmDelete(what)}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <DeleteButton label={label} {...props}>
        {children}
      </DeleteButton>
    </Form>
  );
}
