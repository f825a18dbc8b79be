import { BadgeCheck, Download, ExternalLink, FlaskConical, MapPin, ShieldCheck } from "lucide-react";
import { data, redirect } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { buttonClass } from "~/components/ui/button";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { enabledLanguages } from "~/features/i18n/enabled-languages.server";
import { isLotCode, lotPath, normaliseLotCode } from "~/features/lots/lot-code";
import { publicLotPage } from "~/features/lots/lot-page.server";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { inEnglish as english } from "~/features/translations/fallback";
import { preferredLanguage } from "~/lib/i18n/accept-language";
import { DEFAULT_LANGUAGE, languageOfPath, localePath } from "~/lib/i18n/languages";
import { utcDate } from "~/lib/time";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/lot";

// A lot's public page (issue 45): what the QR code on a bag or carton opens, in the scanner's language. Its facts
// and the exporter's certificates only: never the buyer, the order, prices or quantities. Not indexed; cached by
// the page cache like any public page, except the bare English address, which answers by the browser's language.

/** The bare address answers each browser by its Accept-Language: caches keep one copy per language. */
const VARY = { Vary: "Accept-Language" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  const { db } = services;
  const lang = languageOfPath(new URL(request.url).pathname);
  const code = isLotCode(params.code) ? params.code : normaliseLotCode(params.code);
  if (!code) throw data("Not Found", { status: 404 });
  const bare = lang === DEFAULT_LANGUAGE;
  // A QR code opens the bare address: a scanner whose browser prefers another enabled language goes to that copy.
  const wanted = bare
    ? preferredLanguage(request.headers.get("accept-language"), await enabledLanguages(db))
    : DEFAULT_LANGUAGE;
  if (wanted !== DEFAULT_LANGUAGE || code !== params.code)
    throw redirect(localePath(bare ? wanted : lang, lotPath(code)), {
      // Moved for good only when it is the code's printed form; a language chosen by the header may change.
      status: code !== params.code && wanted === DEFAULT_LANGUAGE ? 301 : 302,
      headers: bare ? VARY : undefined,
    });
  services.shows(pageTag.lot(code));
  const page = await publicLotPage(db, code, lang, utcDate(services.now()));
  if (!page) throw data("Not Found", { status: 404, headers: bare ? VARY : undefined });
  services.shows(...page.shows);
  const { t } = wordingOf(lang);
  const texts = {
    title: t("lot.title", { code, product: page.product }),
    description: t("lot.description", { code, product: page.product, company: COMPANY_NAME }),
    eyebrow: t("lot.eyebrow"),
    intro: t("lot.intro"),
    code: t("lot.code"),
    grade: t("lot.grade"),
    facts: t("lot.facts"),
    origin: t("lot.origin"),
    farmRegistration: t("lot.farmRegistration"),
    harvested: t("lot.harvested"),
    packed: t("lot.packed"),
    phytoNumber: t("lot.phytoNumber"),
    notRecorded: t("lot.notRecorded"),
    test: t("lot.test"),
    testLab: t("lot.testLab"),
    testResult: t("lot.testResult"),
    noTest: t("lot.noTest"),
    report: t("lot.report"),
    certificates: t("lot.certificates"),
    certificatesIntro: t("lot.certificatesIntro"),
    noCertificates: t("lot.noCertificates"),
    authority: t("lot.authority"),
    certificateNumber: t("lot.certificateNumber"),
    verify: t("lot.verify"),
  };
  const certificates = page.certificates.map(({ validUntil, name, ...certificate }) => ({
    ...certificate,
    name,
    validUntil: validUntil ? t("lot.validUntil", { date: validUntil }) : null,
    verifyWith: t("lot.verifyWith", { name }),
  }));
  const { shows: _shows, ...shown } = page;
  return data({ ...shown, certificates, texts }, { headers: bare ? VARY : undefined });
}

export const headers = ({ loaderHeaders }: Route.HeadersArgs) => loaderHeaders;

export const meta = ({ loaderData }: Route.MetaArgs) =>
  loaderData
    ? [
        { title: `${loaderData.texts.title} · ${COMPANY_NAME}` },
        { name: "description", content: loaderData.texts.description },
        { name: "robots", content: "noindex" },
      ]
    : [{ name: "robots", content: "noindex" }];

/** One fact of the lot: its label, and its value or 'Not recorded'. */
function Fact({ label, value, empty, testId }: { label: string; value: string; empty: string; testId?: string }) {
  return (
    <div className="border-b border-slate-100 py-3 last:border-b-0 sm:grid sm:grid-cols-5 sm:gap-4">
      <dt className="text-sm font-semibold text-slate-600 sm:col-span-2">{label}</dt>
      <dd
        className={`mt-1 break-words sm:col-span-3 sm:mt-0 ${value ? "text-slate-900" : "text-slate-500"}`}
        data-testid={testId}
      >
        {value ? <bdi>{value}</bdi> : empty}
      </dd>
    </div>
  );
}

export default function LotPage({ loaderData }: Route.ComponentProps) {
  const { texts, code, product, grade, test, report, certificates } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 to-brand-950 py-10 text-white sm:py-14">
        <div className="container-page">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-100 uppercase">
            <ShieldCheck className="size-5 shrink-0" aria-hidden />
            {texts.eyebrow}
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight break-words sm:text-4xl" data-testid="lot-product">
            {product}
          </h1>
          {grade ? (
            <p className="mt-2 text-lg text-brand-100">
              {texts.grade}: <bdi>{grade}</bdi>
            </p>
          ) : null}
          <p className="mt-5 inline-flex flex-wrap items-center gap-x-2 rounded-md bg-white/10 px-3 py-2 text-sm">
            <span className="text-brand-100">{texts.code}</span>
            <bdi className="font-mono text-base font-bold tracking-wider" dir="ltr" data-testid="lot-code">
              {code}
            </bdi>
          </p>
          <p className="mt-4 max-w-2xl text-brand-100">{texts.intro}</p>
        </div>
      </section>

      <div className="container-page grid gap-6 py-8 sm:py-12 lg:grid-cols-2">
        <section aria-labelledby="lot-facts" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="lot-facts" className="mb-2 flex items-center gap-2 text-xl font-semibold text-brand-900">
            <MapPin className="size-5 shrink-0 text-brand-600" aria-hidden />
            {texts.facts}
          </h2>
          <dl>
            <Fact label={texts.origin} value={loaderData.origin} empty={texts.notRecorded} testId="lot-origin" />
            <Fact label={texts.farmRegistration} value={loaderData.farmRegistration} empty={texts.notRecorded} />
            <Fact label={texts.harvested} value={loaderData.harvested} empty={texts.notRecorded} />
            <Fact label={texts.packed} value={loaderData.packed} empty={texts.notRecorded} />
            <Fact label={texts.phytoNumber} value={loaderData.phytoNumber} empty={texts.notRecorded} />
          </dl>
        </section>

        <section aria-labelledby="lot-test" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
          <h2 id="lot-test" className="mb-2 flex items-center gap-2 text-xl font-semibold text-brand-900">
            <FlaskConical className="size-5 shrink-0 text-brand-600" aria-hidden />
            {texts.test}
          </h2>
          {test ? (
            <dl>
              <Fact label={texts.testLab} value={test.lab} empty={texts.notRecorded} />
              <Fact label={texts.testResult} value={test.result} empty={texts.notRecorded} testId="lot-test-result" />
            </dl>
          ) : (
            <p className="py-3 text-slate-600">{texts.noTest}</p>
          )}
          {report ? (
            <a
              href={report}
              className={buttonClass({ variant: "outline" }, "mt-4 w-full justify-center sm:w-auto")}
              data-testid="lot-report"
            >
              <Download className="size-4" aria-hidden />
              {texts.report}
            </a>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="lot-certificates" className="bg-brand-50 py-10 sm:py-12">
        <div className="container-page">
          <h2 id="lot-certificates" className="flex items-center gap-2 text-2xl font-bold text-brand-900">
            <BadgeCheck className="size-6 shrink-0 text-brand-600" aria-hidden />
            {texts.certificates}
          </h2>
          <p className="mt-2 max-w-2xl text-muted">{texts.certificatesIntro}</p>
          {certificates.length ? (
            <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {certificates.map((certificate) => (
                <li
                  key={certificate.id}
                  className="flex flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
                  data-testid="lot-certificate"
                >
                  <h3 className="font-semibold text-brand-900">{certificate.name}</h3>
                  {certificate.authority ? (
                    <p className="mt-1 text-sm">
                      <span className="text-slate-600">{texts.authority}</span>{" "}
                      <span {...english(certificate.inEnglish, "authority")}>{certificate.authority}</span>
                    </p>
                  ) : null}
                  {certificate.number ? (
                    <p className="mt-1 text-sm break-words">
                      <span className="text-slate-600">{texts.certificateNumber}</span> <bdi>{certificate.number}</bdi>
                    </p>
                  ) : null}
                  {certificate.validUntil ? (
                    <p className="mt-1 text-sm text-slate-700">{certificate.validUntil}</p>
                  ) : null}
                  {certificate.verifyUrl ? (
                    <a
                      href={certificate.verifyUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClass({ variant: "outline", size: "sm" }, "mt-3 self-start")}
                    >
                      {texts.verify}
                      <span className="sr-only">{` ${certificate.verifyWith}`}</span>
                      <ExternalLink className="size-4" aria-hidden />
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-6 text-slate-600">{texts.noCertificates}</p>
          )}
        </div>
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
