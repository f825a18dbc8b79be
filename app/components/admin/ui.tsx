import { ArrowDown, ArrowUp } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Form, Link } from "react-router";

export const inputClass =
  "w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100";

export function AdminPageHeader({ title, children, back }: { title: string; children?: ReactNode; back?: { to: string; label: string } }) {
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

export function FieldLabel({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium text-slate-700">
      {children}
      {required ? <span className="text-red-600"> *</span> : null}
    </label>
  );
}

/** A delete button that asks first (spec §5: 'Are you sure you want to delete … This action cannot be undone.'). */
export function DeleteForm({ what, id, label, children, ...props }: { what: string; id: string; label: string; children: ReactNode } & ComponentProps<"button">) {
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!window.confirm(`Are you sure you want to delete ${what}? This action cannot be undone.`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-label={label} title={label} className="rounded-md p-2 text-red-600 hover:bg-red-50" {...props}>
        {children}
      </button>
    </Form>
  );
}

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 ${className}`}>{children}</div>;
}

/** Up / down buttons that move an item one place in a sorted list; plain forms, so keyboard and no-JS work. */
export function MoveButtons({ id, name, first, last }: { id: string; name: string; first: boolean; last: boolean }) {
  const button = "rounded-md p-2 text-slate-600 hover:bg-slate-100 disabled:opacity-30 disabled:hover:bg-transparent";
  return (
    <Form method="post" className="flex">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="direction" value="up" disabled={first} aria-label={`Move ${name} up`} title="Move up" className={button}>
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button type="submit" name="direction" value="down" disabled={last} aria-label={`Move ${name} down`} title="Move down" className={button}>
        <ArrowDown className="size-4" aria-hidden />
      </button>
    </Form>
  );
}
