import { wordingOf } from "~/features/i18n/catalogues.server";
import { CheckCircle2 } from "lucide-react";
import { data } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { QUOTE_SENT_PAGE } from "~/features/request-quote/paths";
import { readQuoteSummary } from "~/features/request-quote/quote-request-summary.server";
import { linesNamedIn } from "~/features/inquiries/inquiry-reads.server";
import { deliveryMonthText, inquiryReference, lineQuantityIn } from "~/features/inquiries/quote-text";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { countryIn } from "~/lib/country";
import { isolatedIn } from "~/lib/i18n/bidi";
import { languageOfPath, localePath } from "~/lib/i18n/languages";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { getServices } from "~/services.server";
import type { Route } from "./+types/request-quote-sent";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const t = wordingOf(lang).t;
  // Only the browser that sent the request holds its (signed, hour-long) cookie: see quote-summary.server.ts.
  const found = await readQuoteSummary(db, request);
  const summary = found && {
    reference: inquiryReference(found.inquiry.id),
    lines: (await linesNamedIn(db, lang, found.lines)).map((line) => ({
      ...line,
      quantityText: lineQuantityIn(t, line),
    })),
    buyer: {
      company: found.inquiry.company,
      fullName: found.inquiry.full_name,
      email: found.inquiry.email,
      phone: found.inquiry.phone,
      country: countryIn(lang, found.inquiry.country_code, found.inquiry.country),
      destinationPort: found.inquiry.destination_port,
      incoterm: found.inquiry.incoterm,
      deliveryMonth: deliveryMonthText(found.inquiry.delivery_month, lang),
      message: found.inquiry.message,
    },
  };
  return data({ summary }, { headers: { "Cache-Control": "private, no-store" } });
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const { lang, t } = metaWording(matches);
  return [
    ...pageMeta(
      {
        title: `${t("forms.sent.title")} | ${COMPANY_NAME}`,
        description: t("forms.sent.metaDescription"),
        path: localePath(lang, QUOTE_SENT_PAGE),
        origin: siteData(matches).origin,
      },
      matches,
    ),
    { name: "robots", content: "noindex" },
  ];
}

export default function QuoteRequestSent({ loaderData }: Route.ComponentProps) {
  const { summary } = loaderData;
  const { t, path, lang } = useI18n();
  if (!summary) {
    return (
      <>
        <PageHeader title={t("forms.quote.title")} />
        {/* Here the request is sent: the page's script forgets the draft typed for it (app/island/quote-draft.ts). */}
        <section className="container-page py-12 sm:py-16" data-clear-quote-draft="">
          <EmptyState title={t("forms.sent.none.title")}>
            <p>{t("forms.sent.none.text")}</p>
            <ButtonLink to={path("/our-products")} className="mt-6">
              {t("forms.browseProducts")}
            </ButtonLink>
          </EmptyState>
        </section>
      </>
    );
  }
  const { lines, buyer, reference } = summary;
  const details = [
    [t("forms.field.company"), buyer.company],
    [t("forms.field.fullName"), buyer.fullName],
    [t("forms.field.email"), buyer.email],
    [t("forms.field.phone"), buyer.phone],
    [t("forms.field.country"), buyer.country],
    [t("forms.field.destinationPort"), buyer.destinationPort],
    [t("forms.field.incoterm"), buyer.incoterm],
    [t("forms.field.deliveryMonth"), buyer.deliveryMonth],
  ].filter((row): row is [string, string] => !!row[1]);
  // The reference inside its sentence, set in bold: the sentence split where the reference goes.
  const [beforeReference, afterReference] = t("forms.sent.reference", { reference: "\u0000" }).split("\u0000");
  const separator = t("forms.sent.listSeparator");
  return (
    <>
      <PageHeader title={t("forms.sent.title")}>
        {t("forms.sent.thanks", { name: buyer.fullName, email: buyer.email })} {t("forms.replyTime")}
        <span className="mt-3 block" data-testid="sent-reference">
          {beforeReference}
          <strong>{reference}</strong>
          {afterReference}
        </span>
      </PageHeader>
      <section className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]" data-clear-quote-draft="">
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="flex items-center gap-2 text-2xl font-bold text-brand-900">
            <CheckCircle2 className="size-6 text-brand-600" aria-hidden /> {t("forms.quote.yourProducts")}
          </h2>
          <ul className="mt-6 divide-y divide-slate-200" data-testid="sent-lines">
            {lines.map((line, i) => (
              <li key={i} className="py-4 first:pt-0 last:pb-0">
                <p className="font-semibold text-brand-900">{line.product_name}</p>
                <p className="mt-1 text-slate-700">
                  {[
                    line.quantityText,
                    // A grade or packaging as chosen ("60 mm+") keeps its order inside a right-to-left sentence.
                    line.grade ? t("forms.sent.grade", { grade: isolatedIn(lang, line.grade) }) : null,
                    line.packaging && isolatedIn(lang, line.packaging),
                  ]
                    .filter(Boolean)
                    .join(separator)}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-2xl font-bold text-brand-900">{t("forms.quote.yourDetails")}</h2>
          <dl className="mt-6 space-y-3 text-sm" data-testid="sent-details">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
            {buyer.message ? (
              <div>
                <dt className="font-medium text-slate-600">{t("forms.field.message")}</dt>
                <dd className="break-words whitespace-pre-line text-ink">{buyer.message}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="lg:col-span-2">
          <ButtonLink to={path("/our-products")} variant="outline">
            {t("forms.sent.back")}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
