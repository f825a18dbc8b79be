// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { I18nProvider } from "~/features/i18n/i18n-context";
import { makeTranslator } from "~/features/i18n/translate";
import { QUOTE_LIST_MAX } from "~/features/request-quote/quote-ids";
import { countLabel } from "~/island/quote-list";
import { QuoteBadge } from "./quote-list";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

it("shows the count in the page's digits, as its accessible name says it (axe: label-content-name-mismatch)", async () => {
  const Stub = createRoutesStub([
    {
      path: "/bn",
      Component: () => (
        <I18nProvider lang="bn" messages={catalogueOf("bn")}>
          <QuoteBadge count={2} />
        </I18nProvider>
      ),
    },
  ]);
  const container = document.createElement("div");
  const root = createRoot(container);
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  await act(() => root.render(<Stub initialEntries={["/bn"]} />));
  const badge = container.querySelector('[data-testid="quote-badge"]')!;
  expect(badge.getAttribute("aria-label")).toContain("২টি");
  expect(badge.textContent).toBe("২");
  await act(() => root.unmount());
  globalThis.IS_REACT_ACT_ENVIRONMENT = undefined;
});

it("gives the page's script the plural forms it names every count of a list with, as the server would", async () => {
  const container = document.createElement("div");
  const root = createRoot(container);
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  // Arabic has six forms (zero, one, two, few, many, other), Bengali's digits are its own.
  for (const lang of ["en", "ar", "bn", "ru"] as const) {
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <I18nProvider lang={lang} messages={lang === "en" ? null : catalogueOf(lang)}>
            <QuoteBadge count={0} />
          </I18nProvider>
        ),
      },
    ]);
    await act(() => root.render(<Stub initialEntries={["/"]} />));
    const badge = container.querySelector<HTMLElement>('[data-testid="quote-badge"]')!;
    const forms = JSON.parse(badge.dataset.countForms!) as Record<string, string>;
    const t = makeTranslator(lang, lang === "en" ? null : catalogueOf(lang));
    for (let count = 0; count <= QUOTE_LIST_MAX; count++)
      expect(countLabel(forms, count, lang), `${lang} ${count}`).toBe(t("quoteList.count", { count }));
    // No count on the server's page: the script sets it from the cookie.
    expect(badge.querySelector<HTMLElement>("[data-quote-count]")!.hidden).toBe(true);
  }
  await act(() => root.unmount());
  globalThis.IS_REACT_ACT_ENVIRONMENT = undefined;
});
