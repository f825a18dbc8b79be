import { chromium } from "@playwright/test";
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-quic","--no-first-run","--disable-background-networking","--disable-component-update","--disable-sync"] });
for (const [w, h, tag] of [[1280, 800, "d"], [390, 844, "m"]]) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  page.on("console", (m) => { if (m.type() === "error") console.log(tag, "console error:", m.text().slice(0, 200)); });
  for (const p of pages) {
    await page.goto("http://localhost:3100" + p, { waitUntil: "networkidle" });
    await page.evaluate(async () => { for (let y = 0; y < document.body.scrollHeight; y += 600) { window.scrollTo(0, y); await new Promise(r => setTimeout(r, 50)); } window.scrollTo(0, 0); });
    await page.waitForTimeout(200);
    const name = p.replace(/[^a-z0-9]+/gi, "_") || "home";
    await page.screenshot({ path: `/tmp/shots/${tag}${name}.png`, fullPage: true });
  }
  await page.close();
}
await browser.close();
