import type { ReactNode, Ref } from "react";

/** The band at the top of an inner public page: its one h1 and an optional line of text. */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section className="bg-gradient-to-br from-brand-800 to-brand-950 py-12 text-white sm:py-16">
      <div className="container-page">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl lg:text-5xl">{title}</h1>
        {children ? <div className="mt-4 max-w-3xl text-lg text-brand-100">{children}</div> : null}
      </div>
    </section>
  );
}

/**
 * What a page shows in place of its list; the title is the heading of the section it stands in. `headingRef` makes
 * the heading a target for focus (not a Tab stop), for when the list's last item was just removed.
 */
export function EmptyState({
  title,
  children,
  headingRef,
}: {
  title: string;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-dashed border-brand-200 bg-brand-50 px-6 py-12 text-center">
      <h2 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      {children ? <div className="mt-2 text-muted">{children}</div> : null}
    </div>
  );
}
