import { CheckCircle2, Download, Info, XCircle } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { QuoteSheet } from "~/components/quotes/quote-sheet";
import { Button, buttonClass } from "~/components/ui/button";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import {
  answerQuote,
  buyerQuoteState,
  findQuoteByToken,
  notifyTeamOfAnswer,
  recordQuoteView,
  RESPONSE_NOTE_MAX,
  type BuyerAnswer,
} from "~/features/quotes/buyer-response.server";
import { quoteDay, quoteDocument } from "~/features/quotes/quote-document";
import { getSessionUser, readSessionToken } from "~/features/auth/session.server";
import { readFormData } from "~/lib/form-data.server";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { DEFAULT_LANGUAGE, isLanguage } from "~/lib/i18n/languages";
import { siteToday } from "~/lib/site-time";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import { getServices } from "~/services.server";
import type { Route } from "./+types/quote";

// The buyer's own page for a sent quote (issue 28): no account, only the unguessable link. Never cached, never
// indexed, and the link is not passed on to other sites (no Referer).
export const headers = () => PRIVATE_LINK_HEADERS;

export const meta = ({ loaderData }: Route.MetaArgs) => [
  { title: loaderData ? `${loaderData.document.title} · ${COMPANY_NAME}` : "Quote not found" },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

const notFound = () => data("This quote link is not valid.", { status: 404, headers: PRIVATE_LINK_HEADERS });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const found = await findQuoteByToken(db, params.token);
  if (!found) throw notFound();
  const { quote, lines, acceptedRevision } = found;
  const at = now();
  // The buyer's first look is on the timeline; the team opening the link from the desk is not the buyer.
  const session = readSessionToken(request);
  if (!(session && (await getSessionUser(db, session)))) await recordQuoteView(db, quote, at);
  const lang = isLanguage(quote.lang) ? quote.lang : DEFAULT_LANGUAGE;
  const { t } = wordingOf(lang);
  const timeZone = await siteTimeZone(db);
  const state = buyerQuoteState(quote, siteToday(at, timeZone), acceptedRevision);
  const answeredOn = quote.responded_at ? quoteDay(siteToday(Date.parse(quote.responded_at), timeZone), lang) : "";
  const notice = {
    open: t("quote.page.validUntil", { date: quoteDay(quote.valid_until, lang) }),
    expired: t("quote.page.expired", { date: quoteDay(quote.valid_until, lang) }),
    accepted: t("quote.page.accepted", { date: answeredOn }),
    declined: t("quote.page.declined", { date: answeredOn }),
    changes_requested: t("quote.page.changesAsked", { date: answeredOn }),
    superseded: t("quote.page.superseded"),
    closed: t("quote.page.closed", { revision: String(acceptedRevision) }),
  }[state];
  const issuedDay = siteToday(Date.parse(quote.sent_at ?? quote.created_at), timeZone);
  return {
    // The whole document is in the quote's language, whatever the address (app/root.tsx).
    documentLang: lang,
    company: COMPANY_NAME,
    state,
    notice,
    document: quoteDocument(quote, lines, { t, lang, issuedDay }),
    texts: {
      accept: t("quote.page.accept"),
      decline: t("quote.page.decline"),
      changes: t("quote.page.changes"),
      download: t("quote.page.download"),
      answer: t("quote.page.answer"),
      answerHelp: t("quote.page.answerHelp"),
      reason: t("quote.page.reason"),
      changesField: t("quote.page.changesField"),
    },
    noteMax: RESPONSE_NOTE_MAX,
    pdfHref: `/quotes/${params.token}/pdf`,
  };
}

const ANSWERS: readonly BuyerAnswer[] = ["accept", "decline", "changes"];

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, config, now, clientIp } = getServices(context);
  const form = await readFormData(request);
  const answer = form.get("answer");
  const note = form.get(answer === "changes" ? "changes" : "reason");
  if (!ANSWERS.includes(answer as BuyerAnswer)) return data({ error: "Unknown answer." }, { status: 400 });
  const outcome = await answerQuote(db, params.token, answer as BuyerAnswer, typeof note === "string" ? note : "", {
    ip: clientIp,
    now: now(),
    timeZone: await siteTimeZone(db),
    teamTo: teamMailConfigured(config) ? config.inquiryNotifyTo! : null,
  });
  if (outcome.ok) {
    // The buyer has the answer first; the team's email follows, retried from the outbox while the server refuses it.
    notifyTeamOfAnswer(db, config, outcome.outboxId, now);
    return redirect(new URL(request.url).pathname, { status: 303, headers: PRIVATE_LINK_HEADERS });
  }
  if (outcome.reason === "gone") throw notFound();
  const found = await findQuoteByToken(db, params.token);
  const lang = found && isLanguage(found.quote.lang) ? found.quote.lang : DEFAULT_LANGUAGE;
  const { t } = wordingOf(lang);
  // Expired or answered meanwhile: the page, reloaded, says where the quote stands.
  if (outcome.reason === "expired" || outcome.reason === "answered")
    return redirect(new URL(request.url).pathname, { status: 303, headers: PRIVATE_LINK_HEADERS });
  const error =
    outcome.reason === "note-required"
      ? t("quote.page.changesRequired")
      : t("quote.page.tooLong", { max: RESPONSE_NOTE_MAX });
  return data({ error, answer }, { status: 400, headers: PRIVATE_LINK_HEADERS });
}

export default function BuyerQuote({ loaderData, actionData }: Route.ComponentProps) {
  const { company, state, notice, document, texts, noteMax, pdfHref } = loaderData;
  const busy = useNavigation().state !== "idle";
  const NoticeIcon = state === "accepted" ? CheckCircle2 : state === "declined" ? XCircle : Info;
  const tone =
    state === "accepted"
      ? "border-green-300 bg-green-50 text-green-900"
      : state === "open"
        ? "border-brand-200 bg-brand-50 text-brand-900"
        : "border-amber-300 bg-amber-50 text-amber-900";
  const canAnswer = state === "open" || state === "expired";
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b-4 border-brand-700 bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-4">
          <p className="text-lg font-bold text-brand-900">{company}</p>
          <a href={pdfHref} className={buttonClass({ variant: "outline", size: "sm" })} download>
            <Download className="size-4" aria-hidden /> {texts.download}
          </a>
        </div>
      </header>
      <main className="mx-auto max-w-4xl space-y-6 px-4 py-6">
        <div>
          <h1 className="text-2xl font-bold text-brand-900 sm:text-3xl">{document.title}</h1>
          {document.revision ? <p className="text-slate-600">{document.revision}</p> : null}
        </div>
        <p className={`flex items-start gap-2 rounded-md border p-3 ${tone}`} role="status" data-testid="quote-state">
          <NoticeIcon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <span>{notice}</span>
        </p>
        <QuoteSheet document={document} />
        {canAnswer ? (
          <section aria-labelledby="quote-answer" className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 id="quote-answer" className="text-lg font-semibold text-brand-900">
              {texts.answer}
            </h2>
            <p className="mb-4 text-sm text-slate-700">{texts.answerHelp}</p>
            {actionData && "error" in actionData ? (
              <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
                {actionData.error}
              </p>
            ) : null}
            <div className="grid gap-4 md:grid-cols-3">
              {state === "open" ? (
                <Form method="post" className="md:self-end">
                  <input type="hidden" name="answer" value="accept" />
                  <Button type="submit" size="lg" className="w-full" disabled={busy}>
                    <CheckCircle2 className="size-5" aria-hidden /> {texts.accept}
                  </Button>
                </Form>
              ) : null}
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="answer" value="changes" />
                <label htmlFor="quote-changes" className="text-sm font-medium text-slate-800">
                  {texts.changesField}
                </label>
                <textarea
                  id="quote-changes"
                  name="changes"
                  rows={3}
                  required
                  maxLength={noteMax}
                  className="rounded-md border border-slate-300 p-2"
                />
                <Button type="submit" variant="outline" disabled={busy}>
                  {texts.changes}
                </Button>
              </Form>
              <Form method="post" className="flex flex-col gap-2">
                <input type="hidden" name="answer" value="decline" />
                <label htmlFor="quote-reason" className="text-sm font-medium text-slate-800">
                  {texts.reason}
                </label>
                <textarea
                  id="quote-reason"
                  name="reason"
                  rows={3}
                  maxLength={noteMax}
                  className="rounded-md border border-slate-300 p-2"
                />
                <Button type="submit" variant="ghost" className="border border-slate-300" disabled={busy}>
                  {texts.decline}
                </Button>
              </Form>
            </div>
          </section>
        ) : null}
      </main>
    </div>
  );
}
