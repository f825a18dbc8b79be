import { LogIn } from "lucide-react";
import { data, redirect } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { PageHeader } from "~/components/site/page-header";
import { buyerSessionCookie } from "~/features/buyers/buyer-session.server";
import { isSignInToken, signInWithLink } from "~/features/buyers/sign-in-links.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { languageOfPath, localePath } from "~/lib/i18n/languages";
import { siteFlashCookie } from "~/lib/web/flash.server";
import { PRIVATE_LINK_HEADERS } from "~/lib/web/private-link";
import { getServices } from "~/services.server";
import type { Route } from "./+types/account-sign-in";

// The emailed sign-in link (issue 45, ADR 0066). Opening it signs nobody in: a mail scanner that fetches every link
// would use it up. The page's button posts the token, and only that uses the link and opens the session.

// Referrer-Policy `same-origin`, not the buyer links' `no-referrer`: under `no-referrer` a browser posts the form with
// `Origin: null`, which the server's cross-origin check refuses; the link is still never passed to another site.
const SIGN_IN_HEADERS = { ...PRIVATE_LINK_HEADERS, "Referrer-Policy": "same-origin" } as const;
export const headers = () => SIGN_IN_HEADERS;

export function meta({ matches }: Route.MetaArgs) {
  const { t } = metaWording(matches);
  return [
    { title: `${t("account.link.title")} | ${COMPANY_NAME}` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

export function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return data({ token: isSignInToken(token) ? token : null, invalid: false }, { headers: SIGN_IN_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, now } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const token = (await readFormData(request)).get("token");
  const outcome = isSignInToken(token) ? await signInWithLink(db, token, now()) : { ok: false as const };
  if (!outcome.ok) return data({ token: null, invalid: true }, { status: 400, headers: SIGN_IN_HEADERS });
  const headers = new Headers(SIGN_IN_HEADERS);
  headers.append("Set-Cookie", buyerSessionCookie(request, config.publicUrl, outcome.token));
  headers.append("Set-Cookie", siteFlashCookie({ title: wordingOf(lang).t("account.signedIn") }));
  return redirect(localePath(lang, "/account"), { status: 303, headers });
}

export default function AccountSignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { t, path } = useI18n();
  const token = actionData ? null : loaderData.token;
  return (
    <>
      <PageHeader title={t("account.link.title")} />
      <div className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-md rounded-2xl bg-white p-6 text-center shadow-lg ring-1 ring-slate-200 sm:p-8">
          {token ? (
            <form method="post">
              <input type="hidden" name="token" value={token} />
              <p className="text-slate-700">{t("account.link.text")}</p>
              <button
                type="submit"
                className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-700 px-5 py-3 text-lg font-semibold text-white hover:bg-brand-800"
              >
                <LogIn className="size-5 rtl:-scale-x-100" aria-hidden /> {t("account.link.button")}
              </button>
            </form>
          ) : (
            <div role="alert">
              <p className="text-slate-800">{t("account.link.invalid")}</p>
              <a href={path("/account")} className="mt-6 inline-block font-semibold text-brand-700 underline">
                {t("account.signIn.send")}
              </a>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

export { PageErrorBoundary as ErrorBoundary };
