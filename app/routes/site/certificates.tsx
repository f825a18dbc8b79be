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
import { useToastOnChange } from "~/components/ui/toast";
import { formatLongDate } from "~/features/blog/dates";
import { listCurrentCertificates } from "~/features/certificates/certificates.server";
import { utcDate } from "~/lib/time";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { picture } from "~/features/media/images.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { safeHttpUrl } from "~/lib/web/safe-url";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { listPageVersions, localizeItems } from "~/features/translations/pages.server";
import { languageOfPath } from "~/lib/i18n/languages";
import type { Route } from "./+types/certificates";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context);
  services.shows(pageTag.certificates);
  // An expired certificate is left out; the page cache drops this page at UTC midnight, when that can change.
  const today = utcDate(services.now());
  const { data, error } = await loadOr(services, () => listCurrentCertificates(services.db, today), [], {
    title: "Error Loading Certificates",
    description: "Failed to load certificates. Please try again later.",
  });
  const lang = languageOfPath(new URL(request.url).pathname);
  const [localized, versions] = await Promise.all([
    localizeItems(services.db, lang, "certificate", data, { description: "description", authority: "authority" }),
    listPageVersions(getServices(context), "/certificates-memberships"),
  ]);
  return {
    ...versions,
    certificates: localized.map((c) => ({
      inEnglish: c.inEnglish,
      id: c.id,
      name: c.name,
      description: c.description,
      authority: c.authority,
      number: c.certificate_number,
      validUntil: c.valid_until ? formatLongDate(c.valid_until) : null,
      verifyUrl: safeHttpUrl(c.verify_url),
      image: picture(services.storage, c.image_url),
    })),
    error,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const names = loaderData?.certificates.map((c) => c.name).join(", ");
  const { origin, shell } = siteData(matches);
  const description = `Registrations and memberships that back every shipment${names ? `: ${names}` : ""}.`;
  const path = "/certificates-memberships";
  return pageMeta(
    {
      title: `Certificates & Memberships | ${COMPANY_NAME}`,
      description,
      path,
      origin,
      jsonLd: webPageJsonLd(origin, shell, {
        type: "CollectionPage",
        name: "Certificates & Memberships",
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
  useToastOnChange(error);
  return (
    <>
      <PageHeader title="Certificates & Memberships">
        Registered with the Indian authorities that govern food exports.
      </PageHeader>
      <section className="container-page py-12 sm:py-16">
        {certificates.length === 0 ? (
          <EmptyState title="No Certificates Found" />
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
                    alt={`${certificate.name} certificate`}
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
                        <span className="font-semibold text-slate-700">Issuing Authority:</span>{" "}
                        <span {...english(certificate.inEnglish, "authority")}>{certificate.authority}</span>
                      </p>
                    ) : null}
                    {certificate.number ? (
                      <p className="mt-1 text-sm break-words">
                        <span className="font-semibold text-slate-700">Certificate No.:</span> {certificate.number}
                      </p>
                    ) : null}
                    {certificate.validUntil ? (
                      <p className="mt-1 text-sm text-slate-700">{`Valid until ${certificate.validUntil}`}</p>
                    ) : null}
                    {certificate.verifyUrl ? (
                      <a
                        href={certificate.verifyUrl}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={buttonClass({ variant: "outline", size: "sm" }, "mt-4 self-start")}
                      >
                        Verify
                        <span className="sr-only">{` ${certificate.name} with its issuer (opens in a new tab)`}</span>
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
          <h2 className="mt-4 text-2xl font-bold text-brand-900 sm:text-3xl">Our Promise of Quality</h2>
          <p className="mx-auto mt-4 max-w-2xl text-muted">
            These registrations are more than paperwork: they commit us to food-safety standards, traceable sourcing and
            honest trade with every buyer we serve.
          </p>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
