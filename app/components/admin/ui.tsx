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
