import { data } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";

export function loader() {
  throw data("Not Found", { status: 404 });
}

export const meta = () => [{ title: "Page Not Found" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = PageErrorBoundary;
