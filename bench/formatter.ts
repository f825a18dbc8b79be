// Blog formatter cost on hostile and ordinary bodies (issue 11: it must stay linear). Prints figures.
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
];
const render = (text: string) => renderToStaticMarkup(createElement(FormattedText, { text }));
console.log("body                      ms per render (mean of 5)");
for (const [name, text] of bodies) {
  render(text);
  const runs = 5;
  const start = performance.now();
  for (let i = 0; i < runs; i++) render(text);
  console.log(`${name.padEnd(25)} ${((performance.now() - start) / runs).toFixed(1)}`);
}
export {};
