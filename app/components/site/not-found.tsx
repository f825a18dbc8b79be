import { ButtonLink } from "~/components/ui/button";

export function NotFound({ message }: { message?: string }) {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center gap-5 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-400" aria-hidden>
        404
      </p>
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">Oops! Page Not Found.</h1>
      {message ? <p className="max-w-md text-muted">{message}</p> : null}
      <ButtonLink to="/" size="lg">
        Go to Homepage
      </ButtonLink>
    </section>
  );
}
