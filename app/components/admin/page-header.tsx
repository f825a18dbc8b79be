import type { ReactNode } from "react";
import { Link } from "react-router";

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
