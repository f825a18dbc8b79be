import { Download, FileText, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import type { BuyerAccountPage } from "~/features/buyers/buyer-page.server";
import { useI18n } from "~/features/i18n/i18n-context";

export type AccountData = BuyerAccountPage;

interface AnswerTexts {
  accept: string;
  decline: string;
  changes: string;
  reason: string;
  changesField: string;
  noteMax: number;
}

interface AnswerError {
  quoteId: string;
  answer: unknown;
  error: string;
}

const CARD = "rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-200 sm:p-6";
const LINK = "inline-flex items-center gap-1.5 font-semibold text-brand-700 underline hover:text-brand-900";

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-900">
        {title}
      </h2>
      {empty ? <p className="rounded-xl bg-brand-50 p-5 text-slate-700">{empty}</p> : children}
    </section>
  );
}

/** The signed-in buyer's quotes (with their answers), orders (what is due, shipments, documents) and requests. */
export function AccountLists({
  lists,
  texts,
  answerError,
}: {
  lists: AccountData;
  texts: AnswerTexts;
  answerError: AnswerError | null;
}) {
  const { t } = useI18n();
  const { quotes, orders, requests } = lists;
  return (
    <div className="container-page space-y-12 py-10 sm:py-14">
      <Section id="quotes" title={t("account.section.quotes")} empty={quotes.length ? null : t("account.empty.quotes")}>
        <ul className="space-y-4">
          {quotes.map((quote) => (
            <li key={quote.id} id={`quote-${quote.id}`} className={CARD} data-testid="account-quote">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold text-brand-900">{quote.title}</h3>
                <span className="text-sm text-muted">{quote.date}</span>
              </div>
              <p className="mt-1 text-slate-800">{quote.total}</p>
              <p className={`mt-1 text-sm font-medium ${quote.state === "open" ? "text-brand-700" : "text-slate-600"}`}>
                {quote.stateText}
              </p>
              <div className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                <a href={quote.href} className={LINK}>
                  <FileText className="size-4" aria-hidden /> {t("account.quote.view")}
                </a>
                <a href={quote.pdfHref} className={LINK}>
                  <Download className="size-4" aria-hidden /> {t("account.quote.pdf")}
                </a>
                <a href={quote.againHref} className={LINK}>
                  <RotateCcw className="size-4" aria-hidden /> {t("account.again")}
                </a>
              </div>
              {quote.state === "open" ? (
                <QuoteAnswers
                  quoteId={quote.id}
                  texts={texts}
                  error={answerError?.quoteId === quote.id ? answerError : null}
                />
              ) : null}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="orders" title={t("account.section.orders")} empty={orders.length ? null : t("account.empty.orders")}>
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.id} className={CARD} data-testid="account-order">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="text-lg font-semibold text-brand-900">
                  {t("account.order.title", { number: order.number })}
                </h3>
                <span className="rounded-full bg-brand-50 px-3 py-0.5 text-sm font-medium text-brand-800">
                  {order.status}
                </span>
              </div>
              <p className="mt-1 text-slate-800">{t("account.order.total", { amount: order.total })}</p>
              <p className="mt-1 text-sm font-medium text-slate-700">
                {order.outstanding
                  ? t("account.order.outstanding", { amount: order.outstanding })
                  : t("account.order.paid")}
              </p>
              {order.due.length ? (
                <ul className="mt-1 text-sm text-slate-700">
                  {order.due.map((part) => (
                    <li key={part.part}>{part.text}</li>
                  ))}
                </ul>
              ) : null}
              {order.shipments.length ? (
                <div className="mt-4">
                  <h4 className="font-semibold text-brand-900">{t("account.order.shipments")}</h4>
                  <ul className="mt-1 space-y-1 text-sm text-slate-700">
                    {order.shipments.map((shipment) => (
                      <li key={shipment.id}>
                        <bdi>{shipment.title}</bdi> · {shipment.status}
                        {shipment.vessel ? <> · {shipment.vessel}</> : null}
                        {shipment.eta ? <> · {t("account.order.eta", { date: shipment.eta })}</> : null}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="mt-4">
                <h4 className="font-semibold text-brand-900">{t("account.order.documents")}</h4>
                {order.documents.length ? (
                  <ul className="mt-1 space-y-1 text-sm">
                    {order.documents.map((document) => (
                      <li key={document.id}>
                        <a href={document.href} className={LINK}>
                          <Download className="size-4" aria-hidden /> {document.name} <bdi>{document.number}</bdi>
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {order.shipments.some((shipment) => shipment.documentsShared) ? null : (
                  <p className="mt-1 text-sm text-muted">{t("account.order.noDocuments")}</p>
                )}
              </div>
              <div className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-sm">
                <a href={order.href} className={LINK}>
                  <FileText className="size-4" aria-hidden /> {t("account.order.view")}
                </a>
                <a href={order.againHref} className={LINK}>
                  <RotateCcw className="size-4" aria-hidden /> {t("account.again")}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="requests"
        title={t("account.section.requests")}
        empty={requests.length ? null : t("account.empty.requests")}
      >
        <ul className={`${CARD} divide-y divide-slate-200 py-2 sm:py-2`}>
          {requests.map((request) => (
            <li
              key={request.id}
              className="flex flex-wrap items-baseline justify-between gap-2 py-3"
              data-testid="account-request"
            >
              <span className="min-w-0">
                <span className="font-medium text-brand-900">{request.kind}</span>
                <span className="text-muted"> · {request.date}</span>
                <span className="block text-sm break-words text-slate-700">{request.about}</span>
              </span>
              <span className="rounded-full bg-slate-100 px-3 py-0.5 text-sm font-medium text-slate-800">
                {request.status}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

/** Accept, Decline or Ask for Changes, as the quote's own page has them: plain forms, no script needed. */
function QuoteAnswers({ quoteId, texts, error }: { quoteId: string; texts: AnswerTexts; error: AnswerError | null }) {
  const { t } = useI18n();
  const hidden = (answer: string) => (
    <>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="quote" value={quoteId} />
      <input type="hidden" name="answer" value={answer} />
    </>
  );
  const fieldId = (name: string) => `${name}-${quoteId}`;
  return (
    <div className="mt-4 space-y-3 border-t border-slate-200 pt-4">
      <form method="post">
        {hidden("accept")}
        <button type="submit" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          {texts.accept}
        </button>
      </form>
      <details open={error?.answer === "changes"} className="rounded-md bg-slate-50 p-3">
        <summary className="cursor-pointer font-semibold text-brand-800">{texts.changes}</summary>
        <form method="post" className="mt-3 space-y-2">
          {hidden("changes")}
          <label htmlFor={fieldId("changes")} className="block text-sm font-medium">
            {texts.changesField}
          </label>
          <textarea
            id={fieldId("changes")}
            name="changes"
            required
            maxLength={texts.noteMax}
            rows={3}
            aria-invalid={error?.answer === "changes" ? true : undefined}
            aria-describedby={error?.answer === "changes" ? fieldId("changes-error") : undefined}
            className="w-full rounded-md border border-slate-300 p-2"
          />
          {error?.answer === "changes" ? (
            <p id={fieldId("changes-error")} className="text-sm text-red-700">
              {error.error}
            </p>
          ) : null}
          <button type="submit" className="rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-800">
            {t("account.quote.send")}
          </button>
        </form>
      </details>
      <details open={error?.answer === "decline"} className="rounded-md bg-slate-50 p-3">
        <summary className="cursor-pointer font-semibold text-brand-800">{texts.decline}</summary>
        <form method="post" className="mt-3 space-y-2">
          {hidden("decline")}
          <label htmlFor={fieldId("reason")} className="block text-sm font-medium">
            {texts.reason}
          </label>
          <textarea
            id={fieldId("reason")}
            name="reason"
            maxLength={texts.noteMax}
            rows={2}
            className="w-full rounded-md border border-slate-300 p-2"
          />
          {error?.answer === "decline" ? <p className="text-sm text-red-700">{error.error}</p> : null}
          <button type="submit" className="rounded-md border border-brand-700 px-3 py-1.5 font-semibold text-brand-800">
            {texts.decline}
          </button>
        </form>
      </details>
    </div>
  );
}
