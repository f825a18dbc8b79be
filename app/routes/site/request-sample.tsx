import { formPageMeta } from "~/components/site/form-page-meta";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { CheckCircle2, PackageCheck, Send } from "lucide-react";
import { data, redirect } from "react-router";
import { Field, SchemaForm, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { CountryField } from "~/components/site/country-field";
import { Honeypot } from "~/components/site/honeypot";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { ButtonLink } from "~/components/ui/button";
import { useI18n } from "~/features/i18n/i18n-context";
import { receiveInquiry } from "~/features/inquiries/intake.server";
import { inquiryLanguage } from "~/features/inquiries/inquiry-language.server";
import { SAMPLE_PAGE, SAMPLE_PRODUCT_PARAM } from "~/features/request-sample/paths";
import {
  listSampleProducts,
  robotSummary,
  sampleRequestIntake,
  sampleSummary,
  type SampleSummary,
} from "~/features/request-sample/sample-request.server";
import { SAMPLE_KG_MAX, sampleFormIn } from "~/features/request-sample/sample-request.schema";
import { countryChoices } from "~/lib/country";
import { readFormData } from "~/lib/form-data.server";
import { languageOfPath, localePath } from "~/lib/i18n/languages";
import { pageTag } from "~/lib/web/page-tags";
import { retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/request-sample";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, shows } = getServices(context);
  const url = new URL(request.url);
  const lang = languageOfPath(url.pathname);
  const products = await listSampleProducts(db, lang);
  // `?product=` (the only parameter this page keeps: server/query-params.ts) names a published product, or the form
  // starts from none: an unknown or withdrawn one is sent to the plain page rather than cached under its name.
  const asked = url.searchParams.get(SAMPLE_PRODUCT_PARAM);
  const selected = asked === null ? null : (products.find((product) => product.id === asked) ?? null);
  if (asked !== null && !selected) throw redirect(localePath(lang, SAMPLE_PAGE));
  // Cached for anonymous visitors (ADR 0018): the page shows every published product's name, nothing of a visitor's.
  shows(pageTag.catalogue);
  return { products, selected: selected?.id ?? "", countries: countryChoices(lang) };
}

/** A 429's Retry-After; the answer to a sent request is the buyer's own (`private, no-store`); else the loader's. */
export const headers = (args: Route.HeadersArgs) =>
  args.actionHeaders.has("Cache-Control") ? args.actionHeaders : retryAfterHeaders(args);

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const form = await readFormData(request);
  // The page's language: the messages', the inquiry's (stored with it) and the receipt's.
  const lang = await inquiryLanguage(services.db, request);
  const received = await receiveInquiry(services, form, sampleRequestIntake, { lang });
  if (received.kind === "refused") return received.answer;
  const t = wordingOf(lang).t;
  // A robot (the honeypot filled) is answered like a buyer; nothing was kept.
  const sent =
    received.kind === "stored" ? await sampleSummary(services.db, received.id, lang, t) : robotSummary(form, t, lang);
  // The buyer's own answer to their POST: for them alone.
  return data({ ok: true as const, sent }, { headers: { "Cache-Control": "private, no-store" } });
}

export function meta({ matches }: Route.MetaArgs) {
  // One page whichever product it starts with.
  return formPageMeta(matches, {
    title: "forms.sample.title",
    description: "forms.sample.metaDescription",
    path: SAMPLE_PAGE,
  });
}

export default function RequestSample({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const sent = actionData?.ok ? actionData.sent : null;
  if (sent) return <SampleSent sent={sent} />;
  const refused = actionData && !actionData.ok ? actionData : null;
  const { products, selected, countries } = loaderData;
  return (
    <>
      <PageHeader title={t("forms.sample.title")}>{t("forms.sample.intro")}</PageHeader>
      <section className="container-page py-12 sm:py-16">
        <SchemaForm
          of={sampleFormIn(t)}
          result={actionData}
          method="post"
          className="relative mx-auto max-w-4xl space-y-8"
          // A new starting product (another 'Request a Sample' link) starts a fresh form.
          key={selected}
          data-testid="sample-form"
        >
          <Honeypot />
          <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            <h2 className="flex items-center gap-2 text-2xl font-bold text-brand-900">
              <PackageCheck className="size-6 shrink-0 text-brand-600" aria-hidden /> {t("forms.sample.yourSample")}
            </h2>
            <div className="mt-6 grid gap-5 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <SelectField
                name="product_id"
                label={t("forms.field.product")}
                placeholder={t("forms.sample.productPlaceholder")}
                defaultValue={selected}
                options={products.map((product) => ({ value: product.id, label: product.name }))}
              />
              <Field
                name="quantity_kg"
                label={t("forms.field.sampleKg")}
                hint={t("forms.sample.kgHint", { max: SAMPLE_KG_MAX })}
                type="number"
                required
                min="0.001"
                max={SAMPLE_KG_MAX}
                step="any"
                inputMode="decimal"
                dir="ltr"
              />
              <TextareaField
                name="courier_address"
                label={t("forms.field.courierAddress")}
                hint={t("forms.sample.addressHint")}
                rows={4}
                autoComplete="street-address"
                className="sm:col-span-2"
              />
            </div>
          </div>
          <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
            <h2 className="text-2xl font-bold text-brand-900">{t("forms.quote.yourDetails")}</h2>
            <div className="mt-6 grid gap-5 sm:grid-cols-2">
              <Field name="company" label={t("forms.field.company")} autoComplete="organization" />
              <Field name="full_name" label={t("forms.field.fullName")} autoComplete="name" />
              <Field name="email" label={t("forms.field.email")} type="email" autoComplete="email" dir="ltr" />
              <Field
                name="phone"
                label={t("forms.field.phone")}
                hint={t("forms.sample.phoneHint")}
                type="tel"
                autoComplete="tel"
                dir="ltr"
              />
              <CountryField choices={countries} />
              <TextareaField
                name="message"
                label={t("forms.field.message")}
                rows={4}
                className="sm:col-span-2"
                placeholder={t("forms.sample.messagePlaceholder")}
              />
            </div>
            {/* Why a valid request was not kept (rate limit, product withdrawn, storage failure): in the page too, for those without JavaScript. */}
            {refused?.toast && !Object.keys(refused.errors).length ? (
              <p role="alert" data-testid="sample-notice" className="mt-6 rounded-md bg-red-50 p-3 text-red-800">
                <strong>{refused.toast.title}</strong> {refused.toast.description}
              </p>
            ) : null}
            <SubmitButton pendingLabel={t("forms.sending")} size="lg" className="mt-6 w-full sm:w-auto">
              <Send className="size-5 rtl:-scale-x-100" aria-hidden /> {t("forms.sample.send")}
            </SubmitButton>
          </div>
        </SchemaForm>
      </section>
    </>
  );
}

/** The answer to a sent request: its reference and what was asked for, shown to the browser that sent it only. */
function SampleSent({ sent }: { sent: SampleSummary }) {
  const { t, path } = useI18n();
  const [beforeReference, afterReference] = t("forms.sent.reference", { reference: "\u0000" }).split("\u0000");
  const details = [
    [t("forms.field.company"), sent.company],
    [t("forms.field.fullName"), sent.fullName],
    [t("forms.field.email"), sent.email],
    [t("forms.field.phone"), sent.phone],
    [t("forms.field.country"), sent.country],
  ].filter((row): row is [string, string] => !!row[1]);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 py-12 text-white sm:py-16">
        <div className="container-page">
          {/* The form is gone: the reader starts again at the top, at the page's new heading (app/island/forms.ts). */}
          <h1
            tabIndex={-1}
            data-focus-on-load=""
            className="text-3xl font-extrabold tracking-tight outline-none sm:text-4xl"
          >
            {t("forms.sample.sent.title")}
          </h1>
          <div className="mt-4 max-w-3xl text-lg text-brand-100">
            {t("forms.sample.sent.thanks", { name: sent.fullName, email: sent.email })} {t("forms.replyTime")}
            <span className="mt-3 block" data-testid="sent-reference">
              {beforeReference}
              <strong>{sent.reference}</strong>
              {afterReference}
            </span>
          </div>
        </div>
      </section>
      <section className="container-page grid gap-8 py-12 sm:py-16 lg:grid-cols-[1.4fr_1fr]">
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8" data-testid="sent-sample">
          <h2 className="flex items-center gap-2 text-2xl font-bold text-brand-900">
            <CheckCircle2 className="size-6 shrink-0 text-brand-600" aria-hidden /> {t("forms.sample.yourSample")}
          </h2>
          <dl className="mt-6 space-y-3">
            <div>
              <dt className="text-sm font-medium text-slate-600">{t("forms.field.product")}</dt>
              <dd className="font-semibold break-words text-brand-900">{sent.product || "—"}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{t("forms.field.sampleKg")}</dt>
              <dd className="text-ink">{sent.quantity || "—"}</dd>
            </div>
            <div>
              <dt className="text-sm font-medium text-slate-600">{t("forms.field.courierAddress")}</dt>
              <dd className="break-words whitespace-pre-line text-ink">{sent.courierAddress}</dd>
            </div>
          </dl>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-2xl font-bold text-brand-900">{t("forms.quote.yourDetails")}</h2>
          <dl className="mt-6 space-y-3 text-sm">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-slate-600">{label}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
            {sent.message ? (
              <div>
                <dt className="font-medium text-slate-600">{t("forms.field.message")}</dt>
                <dd className="break-words whitespace-pre-line text-ink">{sent.message}</dd>
              </div>
            ) : null}
          </dl>
        </div>
        <div className="flex flex-wrap gap-3 lg:col-span-2">
          <ButtonLink to={path("/our-products")} variant="outline">
            {t("forms.sent.back")}
          </ButtonLink>
          <ButtonLink to={path(SAMPLE_PAGE)} variant="outline">
            {t("forms.sample.another")}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
