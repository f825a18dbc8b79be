import {
  Award,
  BadgeCheck,
  Building2,
  ExternalLink,
  Factory,
  FileCheck2,
  Landmark,
  ShieldCheck,
  type LucideIcon,
} from "lucide-react";
import { FallbackImage, PLACEHOLDER_IMAGE } from "~/components/site/fallback-image";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { buttonClass } from "~/components/ui/button";
import { PageToast } from "~/components/site/page-toast";
import { formatLongDate } from "~/features/blog/dates";
import { listCurrentCertificates } from "~/features/certificates/certificates.server";
import { utcDate } from "~/lib/time";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { picturesWithAlt } from "~/features/images/images.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { safeHttpUrl } from "~/lib/web/safe-url";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { listPageVersions, localizeItems } from "~/features/translations/pages.server";
import type { Route } from "./+types/certificates";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const { t } = wordingOf(lang);
  services.shows(pageTag.certificates);
  // An expired certificate is left out; the page cache drops this page at UTC midnight, when that can change.
  const today = utcDate(services.now());
  const { data, error } = await loadOr(services, () => listCurrentCertificates(services.db, today), [], {
    title: t("certificates.error.title"),
    description: t("certificates.error.description"),
  });
  const [localized, versions] = await Promise.all([
    localizeItems(services.db, lang, "certificate", data, { description: "description", authority: "authority" }),
    listPageVersions(getServices(context), "/certificates-memberships"),
  ]);
  const pictureOf = await picturesWithAlt(
    services.db,
    services.storage,
    lang,
    data.map((c) => c.image_url),
  );
  return {
    ...versions,
    certificates: localized.map((c) => ({
      inEnglish: c.inEnglish,
      id: c.id,
      name: c.name,
      description: c.description,
      authority: c.authority,
      number: c.certificate_number,
      validUntil: c.valid_until ? formatLongDate(c.valid_until, lang) : null,
      verifyUrl: safeHttpUrl(c.verify_url),
      image: pictureOf(c.image_url),
    })),
    error,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const names = loaderData?.certificates.map((c) => c.name).join(", ");
  const { origin, shell } = siteData(matches);
  const { t } = metaWording(matches);
  const description = names ? t("certificates.descriptionWithNames", { names }) : t("certificates.description");
  const path = "/certificates-memberships";
  return pageMeta(
    {
      title: t("certificates.title", { company: COMPANY_NAME }),
      description,
      path,
      origin,
      jsonLd: webPageJsonLd(origin, shell, {
        type: "CollectionPage",
        name: t("certificates.name"),
        path,
        description,
      }),
    },
    matches,
  );
}

/** The icon for a certificate, chosen by its name (spec §2). */
export function certificateIcon(name: string): LucideIcon {
  const upper = name.toUpperCase();
  if (upper.includes("IEC")) return Landmark;
  if (upper.includes("GST")) return FileCheck2;
  if (upper.includes("APEDA")) return Award;
  if (upper.includes("FSSAI")) return ShieldCheck;
  if (upper.includes("MSME")) return Factory;
  return BadgeCheck;
}

export default function Certificates({ loaderData }: Route.ComponentProps) {
  const { certificates, error } = loaderData;
  const { t } = useI18n();
  return (
    <>
      <PageToast toast={error} />
      <PageHeader title={t("certificates.name")}>{t("certificates.intro")}</PageHeader>
      <section className="container-page py-12 sm:py-16">
        {certificates.length === 0 ? (
          <EmptyState title={t("certificates.empty")} />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {certificates.map((certificate) => {
              const Icon = certificateIcon(certificate.name);
              return (
                <li
                  key={certificate.id}
                  className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
                  data-testid="certificate"
                >
                  <FallbackImage
                    src={certificate.image?.src ?? null}
                    srcSet={certificate.image?.srcSet}
                    sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                    fallback={PLACEHOLDER_IMAGE}
                    alt={certificate.image?.alt ?? t("certificates.imageAlt", { name: certificate.name })}
                    width={800}
                    height={600}
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-brand-50 object-cover"
                  />
                  <div className="flex flex-1 flex-col p-6">
                    <div className="flex items-center gap-3">
                      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                        <Icon className="size-6" aria-hidden />
                      </span>
                      <h2 className="text-xl font-semibold text-brand-900">{certificate.name}</h2>
                    </div>
                    {certificate.description ? (
                      <p className="mt-4 text-muted" {...english(certificate.inEnglish, "description")}>
                        {certificate.description}
                      </p>
                    ) : null}
                    {certificate.authority ? (
                      <p className="mt-4 text-sm">
                        <span className="font-semibold text-slate-700">{t("certificates.authority")}</span>{" "}
                        <span {...english(certificate.inEnglish, "authority")}>{certificate.authority}</span>
                      </p>
                    ) : null}
                    {certificate.number ? (
                      <p className="mt-1 text-sm break-words">
                        <span className="font-semibold text-slate-700">{t("certificates.number")}</span>{" "}
                        <bdi>{certificate.number}</bdi>
                      </p>
                    ) : null}
                    {certificate.validUntil ? (
                      <p className="mt-1 text-sm text-slate-700">
                        {t("certificates.validUntil", { date: certificate.validUntil })}
                      </p>
                    ) : null}
                    {certificate.verifyUrl ? (
                      <a
                        href={certificate.verifyUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={buttonClass({ variant: "outline", size: "sm" }, "mt-4 self-start")}
                      >
                        {t("certificates.verify")}
                        <span className="sr-only">{` ${t("certificates.verifyWith", { name: certificate.name })}`}</span>
                        <ExternalLink className="size-4" aria-hidden />
                      </a>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section className="bg-brand-50 py-14">
        <div className="container-page text-center">
          <Building2 className="mx-auto size-10 text-brand-600" aria-hidden />
          <h2 className="mt-4 text-2xl font-bold text-brand-900 sm:text-3xl">{t("certificates.promise.title")}</h2>
          <p className="mx-auto mt-4 max-w-2xl text-muted">{t("certificates.promise.text")}</p>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
