import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// axe-core's WCAG 2.1 A and AA rules, and two HTML errors axe does not report (issue 23), for any page a test opens.

const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One line per failing rule and element: what axe says, where, and why, so a failure reads without a trace. */
export async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  );
  expect(found, `axe on ${what}`).toEqual([]);
  // Two errors of the Nu HTML checker that axe does not report: a <section> without a heading of its own, a
  // placeholder on an input that does not allow one.
  const htmlErrors = await page.evaluate(() => [
    ...[...document.querySelectorAll("section")]
      .filter((section) => !section.querySelector("h1, h2, h3, h4, h5, h6"))
      .map((section) => `section without a heading: ${section.outerHTML.slice(0, 120)}`),
    ...[...document.querySelectorAll<HTMLInputElement>("input[placeholder]")]
      .filter((input) => !["text", "search", "url", "tel", "email", "password", "number"].includes(input.type))
      .map((input) => `placeholder on type=${input.type}: ${input.name}`),
  ]);
  expect(htmlErrors, `HTML of ${what}`).toEqual([]);
}
