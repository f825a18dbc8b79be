import { formPageMeta } from "~/components/site/form-page-meta";
import { PackageOpen, Plus, Send, Trash2 } from "lucide-react";
import { data, redirect } from "react-router";
import { Field, SchemaForm, SelectField, SubmitButton, TextareaField } from "~/components/forms";
import { ErrorList } from "~/components/forms/fields";
import { FallbackImage } from "~/components/site/fallback-image";
import { MinimumOrderHint } from "~/components/site/minimum-order-hint";
import { CountryField } from "~/components/site/country-field";
import { Honeypot } from "~/components/site/honeypot";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { ButtonLink } from "~/components/ui/button";
import { INCOTERMS, QUANTITY_UNITS } from "~/features/catalogue/trade-terms/vocabulary";
import { receiveInquiry } from "~/features/inquiries/intake.server";
import { picture } from "~/features/images/images.server";
import {
  applyQuoteListForm,
  loadQuoteList,
  loadSubmittedLines,
  quoteListCookie,
  readQuoteListIds,
  type QuoteListItem,
} from "~/features/request-quote/quote-list.server";
import { QUOTE_LIST_ANSWER, QUOTE_PAGE, QUOTE_SENT_PAGE } from "~/features/request-quote/paths";
import { samplePath } from "~/features/request-sample/paths";
import { currentMonth, lineField, quoteFormIn } from "~/features/request-quote/quote-request.schema";
import type { MessageKey } from "~/features/i18n/catalogue";
import { useI18n } from "~/features/i18n/i18n-context";
import type { Translate } from "~/features/i18n/translate";
import { inquiryLanguage } from "~/features/inquiries/inquiry-language.server";
import { unitKey } from "~/features/inquiries/quote-text";
import { isolatedIn } from "~/lib/i18n/bidi";
import { formatNumber } from "~/lib/i18n/numbers";
import { type Language, localePath } from "~/lib/i18n/languages";
import { quoteRequestIntake } from "~/features/request-quote/quote-request.server";
import { prefillValues, requestAgainOf } from "~/features/buyers/request-again.server";
import { quoteSummaryCookie } from "~/features/request-quote/quote-request-summary.server";
import { siteFlashCookie } from "~/lib/web/flash.server";
import { countryChoices } from "~/lib/country";
import { readFormData } from "~/lib/form-data.server";
import type { Storage } from "~/lib/storage/storage.server";
import { localizeProductNames } from "~/features/translations/catalogue.server";
import { languageOfPath } from "~/lib/i18n/languages";
import { getServices } from "~/services.server";
import type { Route } from "./+types/request-quote";
import { retryAfterHeaders } from "~/lib/web/retry-after";

const withPictures = (storage: Storage, items: Array<QuoteListItem & { index?: number }>) =>
  items.map((item, i) => ({ index: i, ...item, image: picture(storage, item.imageUrl) }));

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, config, now } = getServices(context);
  // 'Request Again' from the buyer's page (issue 45): the earlier deal's products join the list, its details fill in.
  const again = await requestAgainOf(db, request, now());
  const ids = again ? [...new Set([...again.productIds, ...readQuoteListIds(request)])] : readQuoteListIds(request);
  const items = await loadQuoteList(db, ids);
  // The names in the page's language (the list itself is the same in every language).
  const shown = await localizeProductNames(db, languageOfPath(new URL(request.url).pathname), items);
  // This visitor's list: never from or into a shared cache (the page cache passes this path by, server/app.ts).
  const headers = new Headers({ "Cache-Control": "private, no-cache" });
  // Products removed from the catalogue leave the cookie too, so the header's count (read from it) is right again.
  if (items.length !== ids.length || again)
    headers.set(
      "Set-Cookie",
      quoteListCookie(
        request,
        config.publicUrl,
        items.map((item) => item.id),
      ),
    );
  return data(
    {
      items: withPictures(storage, shown),
      minMonth: currentMonth(),
      countries: countryChoices(languageOfPath(new URL(request.url).pathname)),
      prefill: again && prefillValues(again, items),
    },
    { headers },
  );
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const { db, config, storage } = services;
  const form = await readFormData(request);

  // 'Add to Quote' and the remove buttons sent without JavaScript: back to their page, with the notice. (The page's
  // script sends them to QUOTE_LIST_ANSWER, answered with JSON.)
  const listed = await applyQuoteListForm(services, request, form);
  if (listed) {
    listed.headers.append("Set-Cookie", siteFlashCookie(listed.change.toast));
    return redirect(listed.change.returnTo, { headers: listed.headers });
  }

  // A refusal shows the lines as sent, for when the list in the cookie is gone meanwhile.
  const shown = async () => ({ items: withPictures(storage, await loadSubmittedLines(db, form)) });
  // The page's language: the messages', the inquiry's (stored with it) and the receipt's.
  const lang = await inquiryLanguage(db, request);
  const received = await receiveInquiry(services, form, quoteRequestIntake, { lang, shown });
  if (received.kind === "refused") return received.answer;
  // Sent (or a robot's, answered alike with nothing kept): the list is emptied, and the summary shows what was sent.
  const headers = new Headers();
  headers.append("Set-Cookie", quoteListCookie(request, config.publicUrl, []));
  if (received.kind === "stored")
    headers.append("Set-Cookie", await quoteSummaryCookie(db, request, config.publicUrl, received.id, lang));
  return redirect(localePath(lang, QUOTE_SENT_PAGE), { headers });
}

export function meta({ matches }: Route.MetaArgs) {
  return formPageMeta(matches, {
    title: "forms.quote.title",
    description: "forms.quote.metaDescription",
    path: QUOTE_PAGE,
  });
}

const unitOptions = (t: Translate) =>
  QUANTITY_UNITS.map((unit) => ({ value: unit, label: t(`forms.unit.${unitKey(unit)}` as MessageKey) }));
const incotermOptions = INCOTERMS.map((term) => ({ value: term, label: term }));
/** A grade or packaging as typed ("45–65 mm"), isolated so a right-to-left page keeps its order (not "mm 65–45"). */
const optionsOf = (items: string[], lang: Language) =>
  items.map((item) => ({ value: item, label: isolatedIn(lang, item) }));

type Item = Route.ComponentProps["loaderData"]["items"][number];

const QUOTE_FORM_ID = "quote-form";

export default function RequestQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { t, path, lang } = useI18n();
  const refused = actionData && !actionData.ok ? actionData : null;
  // What 'Request Again' filled in is shown as a form's values are after a refusal, without its messages.
  const shown =
    actionData ??
    (loaderData.prefill ? { ok: false as const, errors: {}, values: loaderData.prefill, form: "send" } : undefined);
  const { minMonth, countries } = loaderData;
  // The list in the cookie; after a refusal with that list gone (sent from another tab), the lines as sent.
  const items = loaderData.items.length ? loaderData.items : (refused?.items ?? []);
  const empty = (
    <EmptyState title={t("forms.quote.empty.title")}>
      <p>{t("forms.quote.empty.text")}</p>
      <p className="mt-2">{t("forms.quote.empty.message")}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to={path("/our-products")}>{t("forms.browseProducts")}</ButtonLink>
        <ButtonLink to={path("/contact-us")} variant="outline">
          {t("forms.quote.empty.contact")}
        </ButtonLink>
      </div>
    </EmptyState>
  );
  return (
    <>
      <PageHeader title={t("forms.quote.title")}>{t("forms.quote.intro")}</PageHeader>
      <section className="container-page py-12 sm:py-16">
        {items.length === 0 ? (
          empty
        ) : (
          <>
            <SchemaForm
              of={quoteFormIn(t)}
              result={shown}
              intent="send"
              method="post"
              id={QUOTE_FORM_ID}
              className="relative space-y-8"
              // The page's script keeps what is typed in this tab (app/island/quote-draft.ts) and puts it back after
              // a visit to another page; a refusal's answer already shows what was sent.
              data-quote-form=""
              data-restore-draft={String(!refused && !loaderData.prefill)}
            >
              <Honeypot />
              <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
                <h2 className="text-2xl font-bold text-brand-900">
                  {t("forms.quote.yourProducts")}{" "}
                  <span className="text-lg font-semibold text-muted">
                    (<bdi data-quote-lines-count>{formatNumber(items.length, lang)}</bdi>)
                  </span>
                </h2>
                <ul className="mt-6 divide-y divide-slate-200">
                  {items.map((item) => (
                    <QuoteLine key={item.id} item={item} index={item.index} />
                  ))}
                </ul>
                <ErrorList errors={refused?.errors[""]} />
                <ButtonLink to={path("/our-products")} variant="outline" size="sm" className="mt-6">
                  <Plus className="size-4" aria-hidden /> {t("forms.quote.addMore")}
                </ButtonLink>
              </div>
              <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
                <h2 className="text-2xl font-bold text-brand-900">{t("forms.quote.yourDetails")}</h2>
                <div className="mt-6 grid gap-5 sm:grid-cols-2">
                  <Field name="company" label={t("forms.field.company")} autoComplete="organization" />
                  <Field name="full_name" label={t("forms.field.fullName")} autoComplete="name" />
                  <Field name="email" label={t("forms.field.email")} type="email" autoComplete="email" dir="ltr" />
                  <Field name="phone" label={t("forms.field.phone")} type="tel" autoComplete="tel" dir="ltr" />
                  <CountryField choices={countries} />
                  <Field
                    name="destination_port"
                    label={t("forms.field.destinationPort")}
                    hint={t("forms.quote.portHint")}
                  />
                  <SelectField
                    name="incoterm"
                    label={t("forms.field.incoterm")}
                    options={incotermOptions}
                    placeholder={t("forms.quote.incotermPlaceholder")}
                  />
                  <Field
                    name="delivery_month"
                    label={t("forms.field.deliveryMonth")}
                    type="month"
                    min={minMonth}
                    hint={t("forms.quote.monthHint")}
                  />
                  <TextareaField
                    name="message"
                    label={t("forms.field.message")}
                    rows={4}
                    className="sm:col-span-2"
                    placeholder={t("forms.quote.messagePlaceholder")}
                  />
                </div>
                {/* Why a valid request was not kept (rate limit, storage failure): in the page too, for those without JavaScript. */}
                {refused?.toast && !Object.keys(refused.errors).length ? (
                  <p role="alert" data-testid="quote-notice" className="mt-6 rounded-md bg-red-50 p-3 text-red-800">
                    <strong>{refused.toast.title}</strong> {refused.toast.description}
                  </p>
                ) : null}
                <SubmitButton pendingLabel={t("forms.sending")} size="lg" className="mt-6 w-full sm:w-auto">
                  <Send className="size-5 rtl:-scale-x-100" aria-hidden /> {t("forms.quote.send")}
                </SubmitButton>
              </div>
            </SchemaForm>
            {/* The remove buttons belong to these forms (a form cannot hold another); each sits in its line. */}
            {items.map((item) => (
              <RemoveForm key={item.id} productId={item.id} />
            ))}
            {/* The page once its script has removed the last line in place. */}
            <template data-quote-empty>{empty}</template>
          </>
        )}
      </section>
    </>
  );
}

function QuoteLine({ item, index }: { item: Item; index: number }) {
  const { t, path, lang } = useI18n();
  const ofProduct = <span className="sr-only"> {t("forms.quote.ofProduct", { product: item.name })}</span>;
  return (
    <li className="grid gap-4 py-5 first:pt-0 last:pb-0 sm:grid-cols-[6rem_1fr]" data-testid="quote-line">
      <input type="hidden" name={lineField("product_id", index)} value={item.id} />
      <FallbackImage
        src={item.image?.src ?? null}
        srcSet={item.image?.srcSet}
        sizes="96px"
        alt=""
        width={96}
        height={72}
        loading="lazy"
        className="hidden aspect-[4/3] w-24 rounded-lg object-cover sm:block"
      />
      <div className="min-w-0">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <FallbackImage
              src={item.image?.src ?? null}
              srcSet={item.image?.srcSet}
              sizes="64px"
              alt=""
              width={64}
              height={48}
              loading="lazy"
              className="aspect-[4/3] w-16 shrink-0 rounded-md object-cover sm:hidden"
            />
            <a href={item.path} className="text-lg font-semibold break-words text-brand-900 hover:underline">
              {item.name}
            </a>
          </div>
          <button
            type="submit"
            form={removeFormId(item.id)}
            formNoValidate
            // Found again by the page's script, to move focus after a removal.
            data-remove-line={item.id}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            <Trash2 className="size-4" aria-hidden /> {t("forms.quote.remove")}
            <span className="sr-only"> {item.name}</span>
          </button>
        </div>
        {/* The unit gets the wider share so '40 ft container' is read whole on a phone. */}
        <div className="mt-3 grid gap-4 lg:grid-cols-2">
          <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-4">
            <Field
              name={lineField("quantity", index)}
              label={
                <>
                  {t("forms.field.quantity")}
                  {ofProduct}
                </>
              }
              required
              min="0.001"
              step="any"
              inputMode="decimal"
            />
            <SelectField
              name={lineField("unit", index)}
              label={
                <>
                  {t("forms.field.unit")}
                  {ofProduct}
                </>
              }
              options={unitOptions(t)}
              defaultValue={item.defaultUnit}
            />
          </div>
          {item.grades.length || item.packaging.length ? (
            <div className="grid grid-cols-2 gap-4">
              {item.grades.length ? (
                <SelectField
                  name={lineField("grade", index)}
                  label={
                    <>
                      {t("forms.field.grade")}
                      {ofProduct}
                    </>
                  }
                  options={optionsOf(item.grades, lang)}
                  placeholder={t("forms.quote.noPreference")}
                />
              ) : null}
              {item.packaging.length ? (
                <SelectField
                  name={lineField("packaging", index)}
                  label={
                    <>
                      {t("forms.field.packaging")}
                      {ofProduct}
                    </>
                  }
                  options={optionsOf(item.packaging, lang)}
                  placeholder={t("forms.quote.noPreference")}
                />
              ) : null}
            </div>
          ) : null}
        </div>
        {item.minimumOrder ? <MinimumOrderHint minimum={item.minimumOrder} /> : null}
        {/* A sample of this product first (issue 28): the sample form with it chosen; the list stays as it is. */}
        <a
          href={path(samplePath(item.id))}
          className="mt-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          data-testid="quote-line-sample"
        >
          <PackageOpen className="size-4 shrink-0" aria-hidden /> {t("forms.sample.request")}
          {ofProduct}
        </a>
      </div>
    </li>
  );
}

const removeFormId = (productId: string) => `remove-${productId}`;

/** Without JavaScript the answer is a redirect back here, with the notice; the page's script sends it itself. */
function RemoveForm({ productId }: { productId: string }) {
  const { path } = useI18n();
  return (
    <form
      method="post"
      action={path(QUOTE_PAGE)}
      id={removeFormId(productId)}
      data-remove-quote-line={productId}
      data-answer={path(QUOTE_LIST_ANSWER)}
      hidden
    >
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="returnTo" value={path(QUOTE_PAGE)} />
    </form>
  );
}

export const ErrorBoundary = PageErrorBoundary;
