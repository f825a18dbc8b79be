import { isRouteErrorResponse, useRouteError } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { useI18n } from "~/features/i18n/i18n-context";
import { NotFound } from "./not-found";

/** Error boundary for public pages: renders inside the site layout, so header and footer stay. */
export function PageErrorBoundary() {
  const error = useRouteError();
  const { t, path } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound message={typeof error.data === "string" && error.data !== "Not Found" ? error.data : undefined} />;
  }
  // In the browser; on the server, entry.server.tsx's handleError has logged it with the request's id.
  if (typeof document !== "undefined") console.error(error);
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{t("error.heading")}</h1>
      <p className="text-muted">{t("error.message")}</p>
      <ButtonLink to={path("/")}>{t("notFound.home")}</ButtonLink>
    </section>
  );
}
