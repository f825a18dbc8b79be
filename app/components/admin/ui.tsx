import { ArrowDown, ArrowUp, ExternalLink, Pencil, Trash2, type LucideIcon } from "lucide-react";
import type { ComponentProps, FormEvent, ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Field, SubmitButton } from "~/components/forms/fields";
import { ButtonLink } from "~/components/ui/button";

export function AdminPageHeader({
  title,
  children,
  back,
}: {
  title: string;
  children?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        {back ? (
          <Link to={back.to} className="text-sm font-medium text-brand-700 hover:underline">
            ← {back.label}
          </Link>
        ) : null}
        <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{title}</h1>
      </div>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}

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

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>{children}</div>
  );
}

/** Up / down buttons that move an item one place in a sorted list; plain forms, so keyboard and no-JS work. */
export function MoveButtons({ id, name, first, last }: { id: string; name: string; first: boolean; last: boolean }) {
  const button = "rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-30 disabled:hover:bg-transparent";
  return (
    <Form method="post" className="flex">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="direction"
        value="up"
        disabled={first}
        aria-label={`Move ${name} up`}
        title="Move up"
        className={button}
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="submit"
        name="direction"
        value="down"
        disabled={last}
        aria-label={`Move ${name} down`}
        title="Move down"
        className={button}
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
    </Form>
  );
}

/**
 * A table row's action icons (spec §2): view on the public site in a new tab (when given), edit, delete with the
 * confirmation.
 */
export function RowActions({
  name,
  kind,
  id,
  editTo,
  viewHref,
}: {
  name: string;
  kind: string;
  id: string;
  editTo: string;
  viewHref?: string;
}) {
  return (
    <div className="flex justify-end gap-1">
      {viewHref ? (
        <a
          href={viewHref}
          target="_blank"
          rel="noreferrer"
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100"
          aria-label={`View ${name} on the site`}
          title="View on site"
        >
          <ExternalLink className="size-4" aria-hidden />
        </a>
      ) : null}
      <Link
        to={editTo}
        className="rounded-md p-2 text-brand-700 hover:bg-brand-50"
        aria-label={`Edit ${name}`}
        title="Edit"
      >
        <Pencil className="size-4" aria-hidden />
      </Link>
      <DeleteForm what={`the ${kind} "${name}"`} id={id} label={`Delete ${name}`}>
        <Trash2 className="size-4" aria-hidden />
      </DeleteForm>
    </div>
  );
}

/**
 * Certificates and gallery edit inline (spec §4: closed, adding, editing). The state lives in the address
 * (`?edit=new`, `?edit={id}`), so it works without JavaScript and survives a reload.
 */
export function useInlineEditing<T extends { id: string }>(items: T[]) {
  const [params] = useSearchParams();
  const edit = params.get("edit");
  const editing = edit && edit !== "new" ? (items.find((item) => item.id === edit) ?? null) : null;
  return { editing, formOpen: edit === "new" || editing !== null };
}

/** The inline form's submit and cancel (back to the list, form closed). */
export function InlineFormButtons({ label, cancelTo }: { label: string; cancelTo: string }) {
  return (
    <div className="flex gap-3 sm:col-span-2">
      <SubmitButton>{label}</SubmitButton>
      <ButtonLink to={cancelTo} variant="outline">
        Cancel
      </ButtonLink>
    </div>
  );
}

/**
 * The back office's table: a header row of `columns` (`th` cells), and `empty` in one wide cell when there are no
 * rows. Wide tables scroll sideways on a phone; secondary columns hide themselves with `hidden sm:table-cell`.
 */
export function AdminTable({
  columns,
  count,
  empty,
  wide,
  children,
}: {
  columns: ReactNode;
  count: number;
  empty: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className={`w-full text-left text-sm ${wide ? "sm:min-w-[640px]" : ""}`}>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
          <tr>{columns}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {count === 0 ? (
            <tr>
              <td colSpan={99} className="px-4 py-10 text-center text-muted">
                {empty}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The sort order of a certificate or gallery item (spec §5: an integer; new items start at the current count). Its
 * form's schema makes it a whole-number input.
 */
export function SortOrderField({ defaultValue }: { defaultValue: string }) {
  return <Field name="sort_order" label="Sort Order" hint="Lower numbers come first." defaultValue={defaultValue} />;
}

/** A grid of link cards (icon, title, one line) for the dashboard's Quick Access and the Edit Pages hub. */
export function LinkCards({
  links,
  heading: Heading = "h2",
}: {
  links: Array<{ to: string; title: string; text: string; Icon: LucideIcon }>;
  heading?: "h2" | "h3";
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {links.map(({ to, title, text, Icon }) => (
        <Link
          key={to}
          to={to}
          className="group rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-300"
        >
          <Icon className="size-6 text-brand-700" aria-hidden />
          <Heading className="mt-3 font-semibold text-brand-900 group-hover:text-brand-700">{title}</Heading>
          <p className="mt-1 text-sm text-muted">{text}</p>
        </Link>
      ))}
    </div>
  );
}
