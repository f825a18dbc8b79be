import { describe, expect, it } from "vitest";
import { cacheKeyOf } from "./policy.server";

describe("what the page cache keeps", () => {
  it("never keeps a visitor's quote list, in any language", () => {
    for (const path of [
      "/request-quote",
      "/request-quote/sent",
      "/request-quote.data",
      "/ar/request-quote",
      "/ar/request-quote/sent",
      "/ar/request-quote.data",
      "/BN/Request-Quote",
      "/fr/request-quote/sent.data",
    ])
      expect(cacheKeyOf("GET", path, undefined), path).toBeUndefined();
  });

  it("never keeps the site's search, in any language, whatever the query", () => {
    for (const path of [
      "/search",
      "/search?q=onion",
      "/search?q=onion&page=2",
      "/ar/search?q=بصل",
      "/BN/Search",
      "/search.data",
    ])
      expect(cacheKeyOf("GET", path, undefined), path).toBeUndefined();
  });

  it("never keeps a lot's bare address, which answers by the browser's language, but keeps its language copies", () => {
    for (const path of ["/lots/7K2M-Q9XD-4HNB", "/lots/7K2M-Q9XD-4HNB/report"])
      expect(cacheKeyOf("GET", path, undefined), path).toBeUndefined();
    for (const path of ["/ar/lots/7K2M-Q9XD-4HNB", "/fr/lots/7K2M-Q9XD-4HNB"])
      expect(cacheKeyOf("GET", path, undefined), path).toBe(path);
  });

  it("keeps the other pages of every language under their own key", () => {
    for (const path of [
      "/",
      "/ar",
      "/ar.data",
      "/ar/products/onions",
      "/bn/request-quotes",
      "/arequest-quote",
      "/blog/search",
      "/searches",
    ])
      expect(cacheKeyOf("GET", path, undefined), path).toBe(path);
  });
});
