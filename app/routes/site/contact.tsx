import { wordingOf } from "~/features/i18n/catalogues.server";
import { Mail, MapPin, MessageCircle, Phone } from "lucide-react";
import { data } from "react-router";
import { Field, SchemaForm, SubmitButton, TextareaField } from "~/components/forms";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { Honeypot } from "~/components/site/honeypot";
import { PageHeader } from "~/components/site/page-header";
import { chatHref, ChatLink } from "~/components/site/chat-button";
import { siteData } from "~/components/site/site-data";
import type { ToastInput } from "~/lib/web/toast";
import { cleanProductName, contactFormIn, inquirySubject } from "~/features/inquiries/contact.schema";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { inquiryLanguage } from "~/features/inquiries/inquiry-language.server";
import { LANGUAGE_PREFIX_PATTERN, languageOfPath, localePath } from "~/lib/i18n/languages";
import { codesIsolatedIn } from "~/lib/i18n/bidi";
import { contactMessageIntake } from "~/features/inquiries/contact-message.server";
import { receiveInquiry, safePagePath } from "~/features/inquiries/intake.server";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { COMPANY_NAME, telHref } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import { ENGLISH_ATTRIBUTES } from "~/features/translations/fallback";
import { listPageVersions } from "~/features/translations/pages.server";
import type { Route } from "./+types/contact";
import { retryAfterHeaders } from "~/lib/web/retry-after";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const t = wordingOf(languageOfPath(url.pathname)).t;
  const productName = cleanProductName(url.searchParams.get("product_name"));
  // The page the buyer came from (a product, a blog post...): a same-origin Referer only, never this page itself.
  const from = safePagePath(request.headers.get("Referer"), url.origin);
  const pagePath = from && !CONTACT_PAGE.test(from) ? from : null;
  // Made from this visitor's Referer: for them alone, never from the page cache or a shared cache.
  return data(
    {
      subject: inquirySubject(productName, t),
      productName,
      pagePath,
      ...(await listPageVersions(getServices(context), "/contact-us")),
    },
    { headers: { "Cache-Control": "private, no-cache" } },
  );
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  // The page's language: the messages' and the inquiry's (stored with it).
  const lang = await inquiryLanguage(services.db, request);
  const form = await readFormData(request);
  const received = await receiveInquiry(services, form, contactMessageIntake, { lang });
  // A robot (the honeypot filled) is answered like a buyer; nothing was kept. The fresh form the answer shows still
  // names the page the buyer came from (this page's own load names none).
  const pagePath = form.get("page_path");
  return received.kind === "refused"
    ? received.answer
    : { ok: true as const, pagePath: typeof pagePath === "string" ? pagePath : "" };
}

export function meta({ matches }: Route.MetaArgs) {
  const { origin, shell } = siteData(matches);
  const { lang, t } = metaWording(matches);
  // The sentence naming the contact details only when all of them are set; else the page's introduction.
  const description =
    shell.address && shell.email && shell.phone
      ? t("forms.contact.metaDescription", { address: shell.address, email: shell.email, phone: shell.phone })
      : t("forms.contact.intro");
  const path = localePath(lang, "/contact-us");
  const name = t("forms.contact.title");
  return pageMeta(
    {
      title: `${name} | ${COMPANY_NAME}`,
      description,
      path,
      origin,
      jsonLd: webPageJsonLd(origin, shell, { type: "ContactPage", name, path, description }),
    },
    matches,
  );
}

/** The contact page's path in any language (`/contact-us`, `/ar/contact-us`), with or without a query. */
const CONTACT_PAGE = new RegExp(`^(?:/(?:${LANGUAGE_PREFIX_PATTERN}))?/contact-us(?:[?#]|$)`);

const fieldClass =
  "w-full rounded-md border border-field px-3 py-2.5 focus:border-brand-600 focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:border-red-500";

export default function Contact({ loaderData, actionData, matches }: Route.ComponentProps) {
  const { shell } = siteData(matches);
  const { lang, t } = useI18n();
  const sent = actionData?.ok ? actionData : null;
  const refused = actionData && !actionData.ok ? actionData : null;
  // The page the buyer came from, as first seen: the answer to a sending (this page's own load) carries it along.
  const pagePath = String(refused?.values.page_path || sent?.pagePath || loaderData.pagePath || "");
  const sentToast: ToastInput = {
    title: t("forms.contact.sent.title"),
    description: t("forms.contact.sent.message"),
    variant: "success",
    duration: 5000,
  };

  return (
    <>
      <PageHeader title={t("forms.contact.title")}>{t("forms.contact.intro")}</PageHeader>
      <section className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-6">
          <h2 className="text-2xl font-bold text-brand-900">{t("forms.contact.getInTouch")}</h2>
          <ul className="space-y-5">
            {/* A cleared setting hides its entry (ADR 0035). */}
            {shell.address ? (
              <li className="flex gap-4">
                <MapPin className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
                <div>
                  <p className="font-semibold">{t("forms.contact.officeAddress")}</p>
                  <address className="text-muted not-italic" {...(shell.addressInEnglish ? ENGLISH_ATTRIBUTES : {})}>
                    {shell.addressInEnglish ? shell.address : codesIsolatedIn(lang, shell.address)}
                  </address>
                </div>
              </li>
            ) : null}
            {shell.email ? (
              <li className="flex gap-4">
                <Mail className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
                <div>
                  <p className="font-semibold">{t("forms.contact.email")}</p>
                  <a href={`mailto:${shell.email}`} className="break-all text-brand-700 hover:underline">
                    {shell.email}
                  </a>
                </div>
              </li>
            ) : null}
            {shell.phone ? (
              <li className="flex gap-4">
                <Phone className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
                <div>
                  <p className="font-semibold">{t("forms.contact.phone")}</p>
                  <a href={telHref(shell.phone)} dir="ltr" className="text-brand-700 hover:underline">
                    {shell.phone}
                  </a>
                </div>
              </li>
            ) : null}
            {chatHref(shell.whatsappNumber) ? (
              <li className="flex gap-4">
                <MessageCircle className="mt-1 size-6 shrink-0 text-brand-600" aria-hidden />
                <div>
                  <p className="font-semibold">{t("forms.contact.chat")}</p>
                  <ChatLink number={shell.whatsappNumber} className="text-brand-700 hover:underline" />
                </div>
              </li>
            ) : null}
          </ul>
          {shell.address ? (
            <iframe
              title={t("forms.contact.map")}
              src={`https://www.google.com/maps?q=${encodeURIComponent(shell.address)}&output=embed`}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              className="aspect-[4/3] w-full rounded-xl border-0 shadow-sm"
            />
          ) : null}
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <h2 className="text-2xl font-bold text-brand-900">{t("forms.contact.sendUsAMessage")}</h2>
          <SchemaForm
            of={contactFormIn(t)}
            result={actionData}
            method="post"
            className="relative mt-6 grid gap-5 sm:grid-cols-2"
          >
            <input type="hidden" name="product_name" value={loaderData.productName} />
            <input type="hidden" name="page_path" value={pagePath} />
            <Honeypot />
            <Field name="full_name" label={t("forms.field.fullName")} autoComplete="name" inputClassName={fieldClass} />
            <Field
              name="email"
              label={t("forms.field.email")}
              type="email"
              autoComplete="email"
              dir="ltr"
              inputClassName={fieldClass}
            />
            <Field
              name="phone"
              label={t("forms.field.phone")}
              type="tel"
              autoComplete="tel"
              dir="ltr"
              inputClassName={fieldClass}
            />
            <Field
              name="subject"
              label={t("forms.field.subject")}
              defaultValue={loaderData.subject}
              inputClassName={fieldClass}
            />
            <TextareaField
              name="message"
              label={t("forms.field.message")}
              rows={5}
              className="sm:col-span-2"
              inputClassName={fieldClass}
            />
            <div className="sm:col-span-2">
              <SubmitButton pendingLabel={t("forms.sending")} size="lg" className="w-full sm:w-auto">
                {t("forms.contact.send")}
              </SubmitButton>
            </div>
            {/* Why a valid message was not kept (rate limit, storage failure): in the page too, for those without JavaScript. */}
            {refused?.toast && !Object.keys(refused.errors).length ? (
              <p
                role="alert"
                data-testid="contact-notice"
                className="rounded-md bg-red-50 p-3 text-red-800 sm:col-span-2"
              >
                <strong>{refused.toast.title}</strong> {refused.toast.description}
              </p>
            ) : null}
            {/* The answer to a message sent, under a fresh form's button: this line without JavaScript, the toast
                with it (app/island/toasts.ts turns the line into the toast). */}
            {sent ? (
              <p
                role="status"
                data-testid="contact-sent"
                data-page-toast={JSON.stringify(sentToast)}
                data-flash=""
                className="rounded-md bg-brand-50 p-3 text-brand-800 sm:col-span-2"
              >
                {`${sentToast.title} ${sentToast.description}`}
              </p>
            ) : null}
          </SchemaForm>
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
