import { expect, forgetSenders, test } from "./support/fixtures";

// Every public screen on the demo content, at phone and desktop sizes.

test("home: hero, buttons, feature bullets, about teaser, product range, why partner, call to action", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Explore Our Products" })).toHaveAttribute("href", "/our-products");
  await expect(page.getByRole("link", { name: "Request a Quote" })).toHaveAttribute("href", "/request-quote");
  await expect(page.getByText("Direct from farmers")).toBeVisible();
  await expect(page.getByRole("link", { name: /Discover Our Story/ })).toHaveAttribute("href", "/about-us");
  const range = page.locator("section", { has: page.getByRole("heading", { name: "Our Product Range" }) });
  await expect(range.getByRole("link", { name: /Fresh Onions/ })).toHaveAttribute("href", "/products/fresh-onions");
  await expect(range.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("link", { name: "View All Products" })).toHaveAttribute("href", "/our-products");
  await expect(page.getByRole("heading", { name: "Why Partner With Us" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us Today" })).toHaveAttribute("href", "/contact-us");
  await expect(page).toHaveTitle(/Ganga Agro Exports/);
});

test("about: heading, intro, leadership card and the six core values", async ({ page }) => {
  await page.goto("/about-us");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("From Indian Farms to Tables Around the World");
  await expect(page.getByText("Rajesh Kumar Verma")).toBeVisible();
  await expect(page.getByText("Founder & CEO")).toBeVisible();
  for (const value of [
    "Farm-Fresh Quality",
    "Strict Quality Control",
    "Global Expertise",
    "Custom Packaging",
    "Timely Delivery",
    "Transparency",
  ]) {
    await expect(page.getByRole("heading", { name: value })).toBeVisible();
  }
});

test("catalogue: categories, a category's products, a product's details and the way back", async ({ page }) => {
  await page.goto("/our-products");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Products");
  await expect(page.getByRole("link", { name: "Download Catalogue (PDF)" })).toHaveAttribute("href", "/catalogue.pdf");
  await page.getByRole("link", { name: "View Fresh Onions" }).click();
  await expect(page).toHaveURL(/\/products\/fresh-onions$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fresh Onions");
  const cards = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /View Details/ }) });
  await expect(cards).toHaveCount(4);
  // The card text is the first 100 characters of the description and an ellipsis.
  await expect(cards.first()).toContainText(
    "Our flagship Nashik red onion: deep red skin, firm pungent flesh and excellent keeping quality. Fiel...",
  );

  await cards
    .first()
    .getByRole("link", { name: /View Details/ })
    .click();
  await expect(page).toHaveURL(/\/products\/fresh-onions\/nashik-red-onion$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nashik Red Onion");
  await expect(page.getByText("This is a featured product!")).toBeVisible();
  const organic = page.locator("dl div").filter({ hasText: "Organic" });
  await expect(organic.locator("dd")).toHaveText("No");
  await expect(page.getByRole("heading", { name: "Export Information" })).toBeVisible();

  // Thumbnails: clicking one makes it the main image, in its own sizes, described as it is, and marks it pressed.
  const main = page.getByTestId("main-image");
  const first = await main.getAttribute("src");
  const thumbs = page.getByRole("button", { name: /Show image/ });
  await expect(thumbs).toHaveCount(3);
  await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "true");
  const third = thumbs.nth(2).locator("img");
  await thumbs.nth(2).click();
  await expect(main).not.toHaveAttribute("src", first!);
  await expect(main).toHaveAttribute("src", (await third.getAttribute("src"))!);
  await expect(main).toHaveJSProperty("complete", true);
  expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(thumbs.nth(2)).toHaveAttribute("aria-pressed", "true");
  await expect(thumbs.nth(0)).toHaveAttribute("aria-pressed", "false");
  await thumbs.nth(0).click();
  await expect(main).toHaveAttribute("src", first!);

  await expect(page.getByRole("link", { name: "Inquire About This Product" })).toHaveAttribute(
    "href",
    "/contact-us?product_name=Nashik%20Red%20Onion",
  );
  await expect(page.getByRole("link", { name: "Download Spec Sheet (PDF)" })).toHaveAttribute(
    "href",
    "/products/fresh-onions/nashik-red-onion/spec-sheet.pdf",
  );
  await page.getByRole("link", { name: "Back to Fresh Onions" }).click();
  await expect(page).toHaveURL(/\/products\/fresh-onions$/);
  await page.getByRole("link", { name: "Back to All Categories" }).click();
  await expect(page).toHaveURL(/\/our-products$/);
});

test("a product with one image shows no thumbnails", async ({ page }) => {
  await page.goto("/products/fresh-onions/pink-onion");
  await expect(page.getByTestId("main-image")).toBeVisible();
  await expect(page.getByRole("button", { name: /Show image/ })).toHaveCount(0);
});

test("unknown category and product show the not-found page with status 404", async ({ page }) => {
  for (const path of [
    "/products/no-such-category",
    "/products/fresh-onions/no-such-product",
    "/products/garlic/nashik-red-onion",
    "/products/fresh-onions/no-such-product/spec-sheet.pdf",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page Not Found.");
  }
});

test("a picture that fails to load shows the placeholder, before the page's script starts and after", async ({
  page,
}) => {
  // Every uploaded picture fails; the placeholder, in the site's own files, does not.
  await page.route("**/media/**", (route) =>
    route.request().resourceType() === "image" ? route.abort() : route.continue(),
  );
  await page.goto("/products/fresh-onions/nashik-red-onion");
  const main = page.getByTestId("main-image");
  await expect(main).toHaveAttribute("src", "/images/placeholder.svg");
  await expect(main).not.toHaveAttribute("srcset");
  // A thumbnail chosen later brings its own picture, which fails in turn.
  await page.getByRole("button", { name: "Show image 2 of 3" }).click();
  await expect(main).toHaveAttribute("src", "/images/placeholder.svg");
  await expect(main).toHaveJSProperty("complete", true);
  expect(await main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test.describe("pictures without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a product's thumbnails are links to their full pictures, the one shown marked", async ({ page }) => {
    await page.goto("/products/fresh-onions/nashik-red-onion");
    const thumbs = page.getByRole("link", { name: /^Show image \d of 3$/ });
    await expect(thumbs).toHaveCount(3);
    await expect(thumbs.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(thumbs.nth(1)).not.toHaveAttribute("aria-current");
    const href = (await thumbs.nth(2).getAttribute("href"))!;
    expect(href).toBe(await thumbs.nth(2).locator("img").getAttribute("src"));
    const answer = await page.request.get(href);
    expect(answer.headers()["content-type"]).toMatch(/^image\//);
    await thumbs.nth(2).click();
    await expect(page).toHaveURL(href);
  });

  test("the gallery's pictures are links to their full-size pictures; no viewer is shown", async ({ page }) => {
    await page.goto("/gallery");
    const openers = page.getByRole("main").getByRole("link", { name: /^Open / });
    await expect(openers).toHaveCount(8);
    await expect(page.getByRole("main").getByRole("button", { name: /^Open / })).toHaveCount(0);
    await expect(page.getByRole("dialog")).toBeHidden();
    const href = (await openers.first().getAttribute("href"))!;
    expect(href).toBe(await openers.first().locator("img").getAttribute("src"));
    await openers.first().click();
    await expect(page).toHaveURL(href);
    const answer = await page.request.get(href);
    expect(answer.headers()["content-type"]).toMatch(/^image\//);
  });
});

test("certificates: seven cards with authority and the closing block", async ({ page }) => {
  await page.goto("/certificates-memberships");
  const cards = page.getByTestId("certificate");
  await expect(cards).toHaveCount(7);
  await expect(cards.first()).toContainText("IEC");
  await expect(cards.first()).toContainText("Issuing Authority:");
  await expect(page.getByRole("heading", { name: "Our Promise of Quality" })).toBeVisible();
});

test("gallery: grid, full-size modal with title, closed by the button, Escape and the backdrop", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Gallery");
  const openers = page.getByRole("main").getByRole("button", { name: /^Open / });
  await expect(openers).toHaveCount(8);
  const modal = page.getByRole("dialog");

  await openers.first().click();
  await expect(modal).toBeVisible();
  await expect(modal).toHaveAccessibleName("Onion harvest in Nashik");
  await expect(modal.locator("figcaption")).toHaveText("Onion harvest in Nashik");
  // The grid's own picture, in the viewer's larger size.
  await expect(page.getByTestId("viewer-image")).toHaveAttribute(
    "src",
    (await openers.first().locator("img").getAttribute("src"))!,
  );
  await expect(modal.getByRole("button", { name: "Close" })).toBeFocused();
  await modal.getByRole("button", { name: "Close" }).click();
  await expect(modal).toBeHidden();

  await openers.nth(1).click();
  await expect(modal).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  await openers.nth(2).click();
  await expect(modal).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(modal).toBeHidden();
});

test("blog: published posts only, newest first, with the excerpt fallback and at most two tags", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Blog");
  const titles = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(titles).toHaveText([
    "Onion Export Season 2026: What Importers Should Know",
    "How We Grade and Pack Garlic for Long Voyages",
    "Indian Potatoes for Processing: Varieties and Specifications",
  ]);
  await expect(page.getByText("Draft: Dehydrated Onion Price Outlook")).toHaveCount(0);
  await expect(page.getByText("Read more to find out...")).toBeVisible();
  const firstCardTags = page.getByRole("list", { name: "Tags" }).first().getByRole("listitem");
  await expect(firstCardTags).toHaveText(["Onions", "Market Update"]);
});

test("blog post: formatting as elements, long date, all tags; drafts and unknown slugs are 404", async ({ page }) => {
  await page.goto("/blog");
  await page.getByRole("link", { name: /Read More.*Onion Export Season/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Onion Export Season 2026: What Importers Should Know",
  );
  await expect(page.locator("article strong").first()).toHaveText("rabi onion harvest");
  await expect(page.locator("article em").first()).toHaveText("excellent");
  await expect(page.locator("article p br").first()).toBeAttached();
  await expect(page.locator("article time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
    "Onions",
    "Market Update",
    "Export",
  ]);
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);

  for (const slug of ["draft-dehydrated-onion-price-outlook", "never-written"]) {
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("The blog post you are looking for does not exist or is not available.")).toBeVisible();
  }
});

test.describe("the contact form", () => {
  // Messages are sent: on a site of this worker's own, whose per-address limit is forgotten before each test.
  test.use({ site: "own" });
  test.beforeEach(async ({ siteServer }) => forgetSenders(siteServer));

  test("details; each field's message in the page, the toast, then the success toast and a cleared form", async ({
    page,
  }) => {
    await page.goto("/contact-us");
    await expect(page.getByText("Kanpur").first()).toBeVisible();
    await expect(page.getByTitle("Map of our office")).toBeAttached();
    const send = page.getByRole("button", { name: "Send Message" });
    const fullName = page.getByLabel("Full Name");

    // Sent empty: every required field says so under itself, the first is focused, and the toast names them all.
    await send.click();
    await expect(page).toHaveURL(/\/contact-us$/);
    await expect(fullName).toHaveJSProperty("validity.valueMissing", true);
    await expect(fullName).toHaveAttribute("aria-invalid", "true");
    await expect(fullName).toHaveAccessibleDescription("Full Name is required.");
    await expect(fullName).toBeFocused();
    for (const message of ["Email Address is required.", "Subject is required.", "Message is required."])
      await expect(page.getByText(message)).toBeVisible();
    await expect(page.getByText("Phone Number is required.")).toHaveCount(0);
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Missing Fields");
    await expect(toast).toContainText("Full Name, Email Address, Subject and Message are required.");

    // Typing clears a field's message; the others stay until the next check.
    await fullName.fill("Ahmed Al Mansouri");
    await expect(page.getByText("Full Name is required.")).toHaveCount(0);
    await expect(fullName).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Subject is required.")).toBeVisible();

    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByLabel("Subject").fill("Red onions 55mm+");
    await page.getByLabel("Message").fill("Please quote 2 containers CIF Jebel Ali.");
    await send.click();
    await expect(page.getByLabel("Email Address")).toHaveJSProperty("validity.typeMismatch", true);
    await expect(page.getByLabel("Email Address")).toHaveAccessibleDescription("Please enter a valid email address.");
    await expect(page.getByLabel("Email Address")).toBeFocused();
    // No required field is empty: the toast says the first message.
    await expect(toast).toContainText("Please enter a valid email address.");
    await expect(page.getByText("Subject is required.")).toHaveCount(0);

    // Sending: the button says so and takes no second click. (The page is held here, the sending stopped after the
    // form's own handler: while a page is on its way the test cannot look at the one it leaves.)
    await page.getByLabel("Email Address").fill("ahmed@example.ae");
    await page.evaluate(() => document.addEventListener("submit", (event) => event.preventDefault(), { once: true }));
    await send.click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();
    await expect(sending).toHaveAttribute("aria-busy", "true");
    // Shown again from the back/forward cache, the page's button is as it was.
    await page.evaluate(() => dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true })));
    await expect(send).toBeEnabled();
    await expect(send).not.toHaveAttribute("aria-busy");
    await send.click();

    await expect(toast).toContainText("Message Sent!");
    await expect(toast).toContainText("Thank you for contacting us. We will get back to you shortly.");
    // The page's line is for a browser without JavaScript: here the toast said it.
    await expect(page.getByTestId("contact-sent")).toHaveCount(0);
    await expect(fullName).toHaveValue("");
    await expect(page.getByLabel("Message")).toHaveValue("");
    await expect(fullName).not.toHaveAttribute("aria-invalid", "true");
  });

  test("in Arabic, the page's messages and toast are Arabic", async ({ page }, info) => {
    await page.goto("/ar/contact-us");
    await page.getByRole("button", { name: "إرسال الرسالة" }).click();
    await expect(page.getByText("حقل «الاسم الكامل» مطلوب.")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("حقول ناقصة");
    await expect(page.getByText("Full Name is required.")).toHaveCount(0);
    await expect(page.getByLabel("الاسم الكامل")).toBeFocused();
    await page.screenshot({ path: info.outputPath("contact-refused-ar.png") });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the browser's checks, then the server's messages, then the sent line", async ({ page }) => {
      await page.goto("/contact-us");
      const send = page.getByRole("button", { name: "Send Message" });
      await send.click();
      // The browser's own check stops an empty required field.
      await expect(page.getByLabel("Full Name")).toHaveJSProperty("validity.valueMissing", true);
      await expect(page).toHaveURL(/\/contact-us$/);

      await page.getByLabel("Full Name").fill("Ahmed Al Mansouri");
      // An address the browser's check would stop reaches the server as text: the server's words answer it.
      await page.getByLabel("Email Address").evaluate((input: HTMLInputElement) => (input.type = "text"));
      await page.getByLabel("Email Address").fill("not-an-email");
      await page.getByLabel("Subject").fill("Red onions 55mm+");
      await page.getByLabel("Message").fill("Please quote 2 containers CIF Jebel Ali.");
      await send.click();
      await expect(page.getByLabel("Email Address")).toHaveAccessibleDescription("Please enter a valid email address.");
      await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByLabel("Full Name")).toHaveValue("Ahmed Al Mansouri");

      await page.getByLabel("Email Address").fill("ahmed@example.ae");
      await send.click();
      await expect(page.getByTestId("contact-sent")).toHaveText(
        "Message Sent! Thank you for contacting us. We will get back to you shortly.",
      );
      await expect(page.getByLabel("Full Name")).toHaveValue("");
    });
  });
});

test("contact from a product: the subject starts as 'Inquiry about {product}'", async ({ page }) => {
  await page.goto("/products/garlic/indian-garlic-ooty-variety");
  await page.getByRole("link", { name: "Inquire About This Product" }).click();
  await expect(page).toHaveURL(/product_name=Indian%20Garlic/);
  await expect(page.getByLabel("Subject")).toHaveValue("Inquiry about Indian Garlic (Ooty Variety)");
});

test("every public page has one h1, a title, a description and a canonical link", async ({ page }) => {
  for (const path of [
    "/",
    "/about-us",
    "/our-products",
    "/products/potatoes",
    "/products/potatoes/red-potato",
    "/certificates-memberships",
    "/gallery",
    "/blog",
    "/contact-us",
  ]) {
    await page.goto(path);
    await expect(page.locator("h1"), path).toHaveCount(1);
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{20,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
      "href",
      new RegExp(`${path.replace(/\//g, "\\/")}$`),
    );
    await expect(page.locator('meta[property="og:title"]'), path).toHaveCount(1);
  }
});
