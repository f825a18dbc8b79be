import { isRouteErrorResponse, useRouteError } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { NotFound } from "./not-found";

/** Error boundary for public pages: renders inside the site layout, so header and footer stay. */
export function PageErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound message={typeof error.data === "string" && error.data !== "Not Found" ? error.data : undefined} />;
  }
  // In the browser; on the server, entry.server.tsx's handleError has logged it with the request's id.
  if (typeof document !== "undefined") console.error(error);
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Something went wrong</h1>
      <p className="text-muted">An unexpected error occurred. Please try again.</p>
      <ButtonLink to="/">Go to Homepage</ButtonLink>
    </section>
  );
}
