import type { LucideIcon } from "lucide-react";
import { Link } from "react-router";

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
