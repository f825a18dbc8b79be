import type { Page } from "@playwright/test";

/**
 * Makes `page.goto` and `page.reload` also wait until the page's script has started (React's hydration in the back
 * office, the island script on public pages: both mark <html data-hydrated>), so the next click runs the page's own
 * code (a form's checks, a menu) rather than the browser's default. Before that, a refused form would show the
 * browser's bubble instead of the page's messages. A page without a script (a plain error answer) is not waited
 * for. Only for contexts with JavaScript on.
 */
export function waitForHydrationOnNavigation(page: Page) {
  const hydration = () =>
    page.waitForFunction(
      () => document.documentElement.hasAttribute("data-hydrated") || !document.querySelector('script[type="module"]'),
    );
  const goto = page.goto.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await hydration();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args) => {
    const response = await reload(...args);
    await hydration();
    return response;
  };
}
