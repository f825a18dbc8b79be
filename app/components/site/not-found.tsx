import { ButtonLink } from "~/components/ui/button";
import { useI18n } from "~/features/i18n/i18n-context";

export function NotFound({ message }: { message?: string }) {
  const { t, path } = useI18n();
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center gap-5 py-16 text-center">
      <p className="text-7xl font-extrabold text-brand-400" aria-hidden>
        404
      </p>
      <h1 className="text-3xl font-bold text-brand-900 sm:text-4xl">{t("notFound.heading")}</h1>
      {message ? <p className="max-w-md text-muted">{message}</p> : null}
      <ButtonLink to={path("/")} size="lg">
        {t("notFound.home")}
      </ButtonLink>
    </section>
  );
}
