// Blog formatter cost on hostile and ordinary bodies (issue 11, issue 29: it must stay linear). Prints figures.
// React is loaded after NODE_ENV is set, so the figures are those of the production build the server runs.
process.env.NODE_ENV = "production";
const { createElement } = await import("react");
const { renderToStaticMarkup } = await import("react-dom/server");
const { FormattedText } = await import("../app/features/blog/format");

const bodies: Array<[string, string]> = [
  ["100 KB of '*x '", "*x ".repeat(33_334)],
  ["100 KB of '**x '", "**x ".repeat(25_000)],
  ["100 KB of '*'", "*".repeat(100_000)],
  ["100 KB ordinary post", "Red onions from Nashik, **export grade**, *fresh* harvest.\n\n".repeat(1_700)],
  // Issue 29's Markdown subset (ADR 0044): what is hard for link, list and quote parsers. 100 KB is the body's cap.
  ["100 KB of '['", "[".repeat(100_000)],
  ["100 KB of '[x]('", "[x](".repeat(25_000)],
  ["100 KB of '!['", "![".repeat(50_000)],
  ["100 KB of '[a](https://x) '", "[a](https://x) ".repeat(6_667)],
  ["100 KB of '>'", ">".repeat(100_000)],
  ["100 KB of '> ' lines", "> x\n".repeat(25_000)],
  ["100 KB of '- ' nesting", "- ".repeat(50_000)],
  [
    "100 KB nested list lines",
    Array.from({ length: 4_000 }, (_, i) => " ".repeat((i % 40) * 2) + "- x\n")
      .join("")
      .slice(0, 100_000),
  ],
  ["100 KB of '1. ' lines", "1. item\n".repeat(12_500)],
  ["100 KB of '# ' lines", "# Heading\n".repeat(10_000)],
  ["100 KB of '**[' ", "**[".repeat(33_334)],
  [
    "100 KB ordinary Markdown",
    "## Prices\n\n- **Red** onion, [list](https://example.com)\n1. Sort\n\n> Quote ![p](/media/a/b.jpg)\n\n"
      .repeat(1_000)
      .slice(0, 100_000),
  ],
];
const render = (text: string) => renderToStaticMarkup(createElement(FormattedText, { text }));
console.log("body                          ms per render (mean of 5)");
for (const [name, text] of bodies) {
  render(text);
  const runs = 5;
  const start = performance.now();
  for (let i = 0; i < runs; i++) render(text);
  console.log(`${name.padEnd(29)} ${((performance.now() - start) / runs).toFixed(1)}`);
}
export {};
