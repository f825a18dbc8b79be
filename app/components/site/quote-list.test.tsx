// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { catalogueOf } from "~/features/i18n/catalogues.server";
import { I18nProvider } from "~/features/i18n/i18n-context";
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
