import { describe, expect, it } from "vitest";
import { QUOTE_LIST_MAX } from "~/features/request-quote/quote-request.schema";
import { engineName } from "../support/test-db";
import { quoteSite } from "../support/quote-site";
import { disableLanguages, enableLanguages } from "../support/translations";

const { site, listCookie, flashOf, withList, add, month } = quoteSite();

describe(`quote list on ${engineName}`, () => {
  it("adds without JavaScript: a cookie with the product, back to the page it came from, with a toast", async () => {
    const response = await add(site.products.onion.id, { returnTo: site.products.onion.path });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(site.products.onion.path);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(listCookie(response)).toBe(site.products.onion.id);
    // Readable by the page's script, which shows the count on cached pages (ADR 0025, "Later").
    expect(response.headers.get("Set-Cookie")).toMatch(/quote_list=[^;]*; Max-Age=\d+; Path=\/; SameSite=Lax/);
    expect(/quote_list=[^,]*/.exec(response.headers.get("Set-Cookie")!)![0]).not.toMatch(/HttpOnly/i);
    expect(flashOf(response)).toMatchObject({
      title: "Added to Quote",
      description: "Red Onion is in your quote list.",
    });

    // The page it returns to, rendered for this visitor alone (it carries the flash), counts the list, says what
    // happened (in the page, for a browser without scripts), shows the product as in the list, and clears the toast.
    const page = await site.app.request(site.products.onion.path, {
      cookie: `${withList([site.products.onion.id])}; site_flash=${/site_flash=([^;]+)/.exec(response.headers.get("Set-Cookie")!)![1]}`,
    });
    const html = await page.text();
    expect(html).toContain('aria-label="Quote list, 1 product"');
    expect(html).toContain("Red Onion is in your quote list.");
    expect(html).toContain("In Quote List");
    expect(page.headers.get("Set-Cookie")).toMatch(/site_flash=; Max-Age=0; Path=\//);
  });

  it("goes to the quote page without a returnTo, and refuses one that leaves the site", async () => {
    expect((await add(site.products.garlic.id)).headers.get("Location")).toBe("/request-quote");
    for (const forged of ["//evil.example/x", "https://evil.example/", "/\\evil.example/x", "javascript:alert(1)"]) {
      const response = await add(site.products.garlic.id, { returnTo: forged });
      expect(response.status, forged).toBe(302);
      expect(response.headers.get("Location"), forged).toBe("/request-quote");
    }
    // A path with its query is kept.
    const back = await add(site.products.garlic.id, { returnTo: "/products/quote-veg?page=2" });
    expect(back.headers.get("Location")).toBe("/products/quote-veg?page=2");
  });

  it("keeps each product once, and adds to what the cookie already holds", async () => {
    const again = await add(site.products.onion.id, { cookie: withList([site.products.onion.id]) });
    expect(listCookie(again)).toBeUndefined();
    expect(flashOf(again).title).toBe("Already in Quote");
    const second = await add(site.products.garlic.id, { cookie: withList([site.products.onion.id]) });
    expect(listCookie(second)).toBe(`${site.products.onion.id}.${site.products.garlic.id}`);
  });

  it("removes a product; removing the last one deletes the cookie", async () => {
    const both = withList([site.products.onion.id, site.products.garlic.id]);
    const removed = await site.app.request("/request-quote", {
      form: { intent: "remove", product_id: site.products.onion.id, returnTo: "/request-quote" },
      cookie: both,
    });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("Location")).toBe("/request-quote");
    expect(listCookie(removed)).toBe(site.products.garlic.id);
    expect(flashOf(removed).title).toBe("Removed from Quote");
    const last = await site.app.request("/request-quote", {
      form: { intent: "remove", product_id: site.products.garlic.id },
      cookie: withList([site.products.garlic.id]),
    });
    expect(listCookie(last)).toBe("");
  });

  it("answers the page's script with JSON and no redirect: the toast, the list and its cookie", async () => {
    const response = await add(site.products.potato.id, { path: "/request-quote/list", returnTo: "/products/x" });
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(listCookie(response)).toBe(site.products.potato.id);
    expect(response.headers.get("Set-Cookie")).not.toContain("site_flash");
    expect(await response.json()).toEqual({
      toast: { title: "Added to Quote", description: "Potato is in your quote list.", variant: "success" },
      ids: [site.products.potato.id],
    });

    const removed = await site.app.request("/request-quote/list", {
      form: { intent: "remove", product_id: site.products.onion.id },
      cookie: withList([site.products.onion.id, site.products.garlic.id]),
    });
    expect(removed.status).toBe(200);
    expect(listCookie(removed)).toBe(site.products.garlic.id);
    expect(await removed.json()).toMatchObject({
      toast: { title: "Removed from Quote" },
      ids: [site.products.garlic.id],
    });

    // The list as it is when nothing changed: already there, not found, full.
    const again = await add(site.products.garlic.id, {
      path: "/request-quote/list",
      cookie: withList([site.products.garlic.id]),
    });
    expect(listCookie(again)).toBeUndefined();
    expect(await again.json()).toMatchObject({ toast: { title: "Already in Quote" }, ids: [site.products.garlic.id] });
    const full = await add(site.products.onion.id, { path: "/request-quote/list", cookie: withList(site.spares) });
    expect(listCookie(full)).toBeUndefined();
    expect(await full.json()).toMatchObject({ toast: { title: "Quote List Full", variant: "destructive" } });

    // Nothing to read at the address.
    expect((await site.app.request("/request-quote/list")).status).toBe(404);
  });

  it("answers a stranger's posts to the JSON address as the form's: garbage, unknown products, other sites", async () => {
    const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      site.app.request("/request-quote/list", { form, headers, cookie: withList([site.products.garlic.id]) });
    // An unknown or malformed product: refused, the list unchanged.
    for (const product_id of ["no-such-product", "<script>alert(1)</script>", "x".repeat(500), ""]) {
      const response = await post({ intent: "add", product_id });
      expect(response.status, product_id).toBe(200);
      expect(listCookie(response), product_id).toBeUndefined();
      expect(await response.json()).toMatchObject({
        toast: { title: "Product Not Found", variant: "destructive" },
        ids: [site.products.garlic.id],
      });
    }
    // No intent, or another one (sending the request is the page's form alone): a bad request, nothing changed.
    const bad: Array<Record<string, string>> = [
      {},
      { intent: "send", product_id: site.products.onion.id },
      { intent: "ADD" },
    ];
    for (const form of bad) {
      const response = await post(form);
      expect(response.status, JSON.stringify(form)).toBe(400);
      expect(listCookie(response)).toBeUndefined();
    }
    // Posted from another site (CSRF): refused before the route runs.
    const foreign: Array<Record<string, string>> = [
      { Origin: "https://evil.example" },
      { "Sec-Fetch-Site": "cross-site" },
    ];
    for (const headers of foreign) {
      const response = await post({ intent: "add", product_id: site.products.onion.id }, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(listCookie(response)).toBeUndefined();
    }
    // Not a form, or larger than any public form: refused by the server as every post is.
    const raw = (body: string, type: string) =>
      site.app.app.request("http://localhost/request-quote/list", {
        method: "POST",
        headers: { "Content-Type": type, Origin: "http://localhost" },
        body,
      });
    expect((await raw('{"intent":"add"}', "application/json")).status).toBe(400);
    expect((await raw("--x\r\nbroken", "multipart/form-data; boundary=x")).status).toBe(400);
    const huge = await raw(`intent=add&product_id=${"a".repeat(200 * 1024)}`, "application/x-www-form-urlencoded");
    expect(huge.status).toBe(413);
    expect(listCookie(huge)).toBeUndefined();
  });

  it("answers in the page's language under its prefix, and not at all in a language that is not enabled", async () => {
    await enableLanguages(site.t.db, "ar");
    try {
      const response = await add(site.products.garlic.id, { path: "/ar/request-quote/list" });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ toast: { title: "أُضيف إلى عرض السعر" } });
    } finally {
      await disableLanguages(site.t.db, "ar");
    }
    const off = await add(site.products.garlic.id, { path: "/ar/request-quote/list" });
    expect(off.status).toBe(404);
    expect(listCookie(off)).toBeUndefined();
  });

  it(`holds at most ${QUOTE_LIST_MAX} products, and drops unknown or malformed ids when reading`, async () => {
    const full = await add(site.products.onion.id, { cookie: withList(site.spares) });
    expect(listCookie(full)).toBeUndefined();
    expect(flashOf(full)).toMatchObject({ title: "Quote List Full", variant: "destructive" });

    // A cookie made by hand: malformed ids are dropped, the first QUOTE_LIST_MAX read, and of them the unknown
    // one dropped silently; the quote page writes the cookie again without it, so the count read from it is right.
    const forged = `quote_list=${["no-such-product", "<script>", site.products.garlic.id, ...site.spares].join(".")}`;
    const page = await site.app.request("/request-quote", { cookie: forged });
    expect((await page.text()).match(/data-testid="quote-line"/g)).toHaveLength(QUOTE_LIST_MAX - 1);
    expect(listCookie(page)).toBe([site.products.garlic.id, ...site.spares.slice(0, QUOTE_LIST_MAX - 2)].join("."));
    const unknownOnly = await site.app.request("/request-quote", { cookie: "quote_list=no-such-product" });
    expect(listCookie(unknownOnly)).toBe("");
    expect(
      listCookie(await site.app.request("/request-quote", { cookie: withList([site.products.garlic.id]) })),
    ).toBeUndefined();

    const missing = await add("no-such-product", { cookie: withList([site.products.garlic.id]) });
    expect(listCookie(missing)).toBeUndefined();
    expect(flashOf(missing).title).toBe("Product Not Found");
  });
});

describe(`the Request a Quote page on ${engineName}`, () => {
  it("says the list is empty, with a link to the products", async () => {
    const response = await site.app.request("/request-quote");
    const html = await response.text();
    expect(html).toContain("<title>Request a Quote | ");
    expect(html).toContain("Your quote list is empty.");
    expect(html).toContain('href="/our-products"');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
  });

  it("lists each product with quantity, unit, and its own grades and packaging only", async () => {
    const html = await (
      await site.app.request("/request-quote", { cookie: withList([site.products.onion.id, site.products.garlic.id]) })
    ).text();
    expect(html).toContain(`href="${site.products.onion.path}"`);
    expect(html).toContain(`name="product_id_0" value="${site.products.onion.id}"`);
    expect(html).toMatch(/name="quantity_0"[^>]*type="number"|type="number"[^>]*name="quantity_0"/);
    // The unit starts at the product's minimum order unit, else MT.
    expect(html).toMatch(/<select[^>]*name="unit_0"[^>]*>.*?<option value="40 ft container" selected=""/s);
    expect(html).toMatch(/<select[^>]*name="unit_1"[^>]*>.*?<option value="MT" selected=""/s);
    expect(html).toContain('name="grade_0"');
    expect(html).toContain('<option value="60 mm+">60 mm+</option>');
    expect(html).toContain('name="packaging_0"');
    // Garlic has neither list: no select for them.
    expect(html).not.toContain('name="grade_1"');
    expect(html).not.toContain('name="packaging_1"');
    for (const field of ["company", "full_name", "email", "country", "destination_port", "incoterm", "message"])
      expect(html, field).toContain(`name="${field}"`);
    expect(html).toMatch(new RegExp(`type="month"[^>]*min="${month(0)}"|min="${month(0)}"[^>]*type="month"`));
  });

  it("keeps a grade's range and unit in their order on an Arabic page (isolated, not 'mm 60')", async () => {
    await enableLanguages(site.t.db, "ar");
    try {
      const html = await (
        await site.app.request("/ar/request-quote", { cookie: withList([site.products.onion.id]) })
      ).text();
      expect(html).toContain('<option value="60 mm+">\u206860 mm+\u2069</option>');
    } finally {
      await disableLanguages(site.t.db, "ar");
    }
  });

  it("is left out of the sitemap", async () => {
    const files = await site.app.request("/sitemaps/pages-1.xml");
    expect(await files.text()).not.toContain("request-quote");
  });
});

describe(`the page cache and the quote list on ${engineName}`, () => {
  it("serves a visitor with a list the cached page, which shows no one's count: their browser reads the cookie", async () => {
    const anonymous = await site.cached.request(site.products.garlic.path);
    const etag = anonymous.headers.get("ETag");
    expect(etag).toBeTruthy();
    expect(await anonymous.text()).toContain('aria-label="Quote list, no products"');

    const added = await site.cached.request("/request-quote", {
      form: { intent: "add", product_id: site.products.garlic.id, returnTo: site.products.garlic.path },
    });
    expect(added.headers.get("Cache-Control")).toBe("no-store");
    const cookie = withList([listCookie(added)!]);

    // The same bytes as everyone's, from the cache; without JavaScript 'Add to Quote' shows, and adding again is
    // harmless ('Already in Quote').
    const theirs = await site.cached.request(site.products.garlic.path, { cookie });
    expect(theirs.headers.get("ETag")).toBe(etag);
    expect(theirs.headers.get("Cache-Control")).toBe("no-cache");
    const theirHtml = await theirs.text();
    // No count in the badge (its script fills it in from the cookie), only the names it picks from.
    expect(theirHtml).toMatch(/<span[^>]*data-quote-count="true"[^>]*hidden=""[^>]*><\/span>/);
    expect(theirHtml).toContain('data-count-forms="{&quot;zero&quot;:&quot;Quote list, no products&quot;');
    // 'In Quote List' only in the template the script puts in the form's place.
    expect(theirHtml.replace(/<template>.*?<\/template>/gs, "")).not.toContain("In Quote List");
    expect(theirHtml).toContain("Add to Quote");
    const data = await site.cached.request(`${site.products.garlic.path}.data`, { cookie });
    expect(data.headers.get("ETag")).toBeTruthy();
    const again = await site.cached.request("/request-quote", {
      form: { intent: "add", product_id: site.products.garlic.id, returnTo: site.products.garlic.path },
      cookie,
    });
    expect(listCookie(again)).toBeUndefined();
    expect(flashOf(again).title).toBe("Already in Quote");
  });

  it("never caches the quote pages", async () => {
    for (const path of ["/request-quote", "/request-quote/sent"]) {
      await site.cached.request(path);
      const again = await site.cached.request(path);
      expect(again.headers.get("ETag"), path).toBeNull();
      expect(again.headers.get("Cache-Control"), path).toMatch(/private/);
    }
  });
});

/** One part of a MIME message (text/plain or text/html), its quoted-printable or base64 body decoded. */
