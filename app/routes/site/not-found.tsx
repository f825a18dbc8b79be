import { data } from "react-router";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import type { Messages } from "~/features/i18n/catalogue";
import { makeTranslator } from "~/features/i18n/translate";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import type { Route } from "./+types/not-found";

export function loader() {
  throw data("Not Found", { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData as { lang?: Language; messages?: Messages | null } | undefined;
  const t = makeTranslator(root?.lang ?? DEFAULT_LANGUAGE, root?.messages ?? null);
  return [{ title: t("notFound.title") }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return null;
}

export const ErrorBoundary = PageErrorBoundary;
