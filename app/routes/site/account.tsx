import { Mail } from "lucide-react";
import { data, redirect } from "react-router";
import { AccountLists, type AccountData } from "~/components/site/account/account-lists";
import { Field, SchemaForm, SubmitButton } from "~/components/forms";
import { Honeypot } from "~/components/site/honeypot";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { signInFormIn } from "~/features/buyers/account.schema";
import { answerBuyerQuote } from "~/features/buyers/buyer-quote-answer.server";
import { buyerAccountPage } from "~/features/buyers/buyer-page.server";
import {
  buyerOfRequest,
  buyerSessionCookie,
  deleteBuyerSession,
  readBuyerSessionToken,
} from "~/features/buyers/buyer-session.server";
import { requestSignInLink } from "~/features/buyers/sign-in-links.server";
import { HONEYPOT_FIELD } from "~/features/inquiries/inquiries.schema";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { notifyTeamOfAnswer, RESPONSE_NOTE_MAX, type BuyerAnswer } from "~/features/quotes/buyer-response.server";
import { pageMeta } from "~/features/seo/seo";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { siteTimeZone } from "~/features/settings/time-zone.server";
import { readFormData } from "~/lib/form-data.server";
import { formFailure, refuse } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { teamMailConfigured } from "~/lib/mail/mail.server";
import { languageOfPath, localePath } from "~/lib/i18n/languages";
import { siteFlashCookie } from "~/lib/web/flash.server";
import { retryAfterHeaders } from "~/lib/web/retry-after";
import { getServices } from "~/services.server";
import type { Route } from "./+types/account";

// The buyer's own page (issue 45, ADR 0066): signed out, 'Email me a sign-in link'; signed in with the buyer's own
// cookie, their quotes, orders and requests. Never from the page cache (app/features/page-cache/policy.server.ts),
// never kept by a browser's or proxy's cache; the team's session is not a buyer's and opens nothing here.
const PRIVATE = { "Cache-Control": "private, no-store" } as const;
export const ACCOUNT_PAGE = "/account";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const buyer = await buyerOfRequest(db, request, now());
  if (!buyer) return data({ buyer: null, lists: null, answerTexts: null }, { headers: PRIVATE });
  const { t } = wordingOf(lang);
  const lists = await buyerAccountPage(db, buyer, { t, lang, now: now(), timeZone: await siteTimeZone(db) });
  return data(
    {
      buyer: { email: buyer.emailKey, name: buyer.name },
      lists,
      // The quote page's own words for the answers (the server's catalogue: this page is rendered on the server).
      answerTexts: {
        accept: t("quote.page.accept"),
        decline: t("quote.page.decline"),
        changes: t("quote.page.changes"),
        reason: t("quote.page.reason"),
        changesField: t("quote.page.changesField"),
        noteMax: RESPONSE_NOTE_MAX,
      },
    },
    { headers: PRIVATE },
  );
}

export const headers = (args: Route.HeadersArgs) => ({ ...retryAfterHeaders(args), ...PRIVATE });

const ANSWERS: readonly BuyerAnswer[] = ["accept", "decline", "changes"];

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, now, clientIp } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const { t } = wordingOf(lang);
  const here = localePath(lang, ACCOUNT_PAGE);
  const form = await readFormData(request);
  const intent = form.get("intent");
  if (intent === "sign-out") {
    const token = readBuyerSessionToken(request);
    if (token) await deleteBuyerSession(db, token);
    const headers = new Headers(PRIVATE);
    headers.append("Set-Cookie", buyerSessionCookie(request, config.publicUrl, null));
    headers.append("Set-Cookie", siteFlashCookie({ title: t("account.signedOut") }));
    return redirect(here, { status: 303, headers });
  }
  if (intent === "answer") {
    const buyer = await buyerOfRequest(db, request, now());
    if (!buyer) return redirect(here, { status: 303, headers: PRIVATE });
    const answer = form.get("answer");
    if (!ANSWERS.includes(answer as BuyerAnswer)) return data({ error: "Unknown answer." }, { status: 400 });
    const quoteId = String(form.get("quote") ?? "");
    const note = form.get(answer === "changes" ? "changes" : "reason");
    const outcome = await answerBuyerQuote(
      db,
      buyer,
      { quoteId, answer: answer as BuyerAnswer, note: typeof note === "string" ? note : "" },
      {
        ip: clientIp,
        now: now(),
        timeZone: await siteTimeZone(db),
        teamTo: teamMailConfigured(config) ? config.inquiryNotifyTo! : null,
      },
    );
    if (outcome.ok) notifyTeamOfAnswer(db, config, outcome.outboxId, now);
    if (outcome.ok || outcome.reason === "expired" || outcome.reason === "answered") {
      const headers = new Headers(PRIVATE);
      if (outcome.ok) headers.append("Set-Cookie", siteFlashCookie({ title: t("account.quote.answered") }));
      return redirect(`${here}#quote-${quoteId}`, { status: 303, headers });
    }
    if (outcome.reason === "gone") throw data("Not found", { status: 404, headers: PRIVATE });
    const error =
      outcome.reason === "note-required"
        ? t("quote.page.changesRequired")
        : t("quote.page.tooLong", { max: RESPONSE_NOTE_MAX });
    return data({ answerError: { quoteId, answer, error } }, { status: 400, headers: PRIVATE });
  }
  // 'Email me a sign-in link': the same answer whatever the address.
  const submission = parseSubmission(form, signInFormIn(t).schema);
  if (!submission.ok) return formFailure(submission, signInFormIn(t).invalidToast(submission.errors));
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim()) return data({ ok: true as const, sent: true }, { headers: PRIVATE });
  const result = await requestSignInLink(db, config, { email: submission.value.email, lang, ip: clientIp }, now());
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return refuse(
      submission,
      { ok: false, title: t("account.signIn.notSent"), message: t("account.signIn.tooMany", { minutes }) },
      429,
      { headers: { "Retry-After": String(result.retryAfterSeconds), ...PRIVATE } },
    );
  }
  return data({ ok: true as const, sent: true }, { headers: PRIVATE });
}

export function meta({ matches }: Route.MetaArgs) {
  const { lang, t } = metaWording(matches);
  return [
    ...pageMeta(
      {
        title: `${t("account.title")} | ${COMPANY_NAME}`,
        description: t("account.metaDescription"),
        path: localePath(lang, ACCOUNT_PAGE),
        origin: siteData(matches).origin,
      },
      matches,
    ),
    { name: "robots", content: "noindex" },
  ];
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { buyer, lists, answerTexts } = loaderData;
  if (buyer && lists && answerTexts) {
    const answerError = actionData && "answerError" in actionData ? actionData.answerError : null;
    return (
      <>
        <PageHeader title={t("account.title")}>
          <span className="flex flex-wrap items-center gap-x-4 gap-y-2">
            <span className="break-all">
              {t("account.signedInAs", { email: `\u2068${buyer.email}\u2069` })}
              {buyer.name ? ` · ${buyer.name}` : ""}
            </span>
            <form method="post">
              <input type="hidden" name="intent" value="sign-out" />
              <button type="submit" className="rounded-md px-2 py-1 text-base font-semibold text-white underline">
                {t("account.signOut")}
              </button>
            </form>
          </span>
        </PageHeader>
        <AccountLists lists={lists as AccountData} texts={answerTexts} answerError={answerError} />
      </>
    );
  }
  const sent = actionData && "sent" in actionData && actionData.sent;
  return (
    <>
      <PageHeader title={t("account.title")}>{t("account.signIn.intro")}</PageHeader>
      <div className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          {sent ? (
            <div role="status" data-testid="sign-in-sent">
              <h2 className="flex items-center gap-2 text-xl font-bold text-brand-900">
                <Mail className="size-6 text-brand-600" aria-hidden /> {t("account.signIn.sentTitle")}
              </h2>
              <p className="mt-3 text-slate-700">{t("account.signIn.sent")}</p>
              <a href="" className="mt-6 inline-block font-semibold text-brand-700 underline">
                {t("account.signIn.another")}
              </a>
            </div>
          ) : (
            <SchemaForm of={signInFormIn(t)} result={actionData} method="post" className="space-y-5">
              <Honeypot />
              <Field
                name="email"
                label={t("forms.field.email")}
                type="email"
                autoComplete="email"
                dir="ltr"
                hint={t("account.signIn.help")}
              />
              <SubmitButton pendingLabel={t("forms.sending")} className="w-full">
                {t("account.signIn.send")}
              </SubmitButton>
            </SchemaForm>
          )}
        </div>
      </div>
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary };
