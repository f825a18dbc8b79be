import { matchRoutes, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { routeLabeler } from "../../server/route-label";
import { loadBuild } from "../support/test-app";

// The languages' pages are one `/:lang/…` copy of the site's routes and the back office's routes sit under the
// `admin` segment (issue 25: React Router matches every request against every route, several times over). These
// check that the real build still sends each address where it went when every language had its own routes.

let build: ServerBuild;
let label: (pathname: string) => string;
beforeAll(async () => {
  build = await loadBuild();
  label = routeLabeler(build);
});

describe("the route tree", () => {
  it("stays small: one copy of the site's pages for all the languages, not one per language", () => {
    const languageCopies = Object.keys(build.routes).filter((id) => id.startsWith("lang/"));
    expect(languageCopies.length).toBeGreaterThan(0);
    // Only the homes and the catalogue PDFs are per language (8 languages × 2), besides English and the back office.
    expect(Object.keys(build.routes).filter((id) => /^(ar|bn|ms|id|vi|ru|es|fr)\//.test(id))).toHaveLength(16);
  });

  it("labels each language's pages as its own, and a path under no language's code as the 404 page", () => {
    expect(label("/products/onions/red-onion")).toBe("routes/site/product");
    expect(label("/ar/products/onions/red-onion")).toBe("ar/routes/site/product");
    expect(label("/bn/blog")).toBe("bn/routes/site/blog");
    expect(label("/ar")).toBe("ar/routes/site/home");
    expect(label("/xyz/gallery")).toBe("routes/site/not-found");
    expect(label("/ar/no/such/page")).toBe("routes/site/not-found");
    expect(label("/admin/manage-products")).toBe("routes/admin/manage-products/products");
    expect(label("/admin")).toBe("routes/admin/index");
  });

  it("gives an English slug that is also a language's page to English: /blog/blog is the post 'blog'", () => {
    const leaf = (path: string) => {
      const routes = Object.values(build.routes);
      // The flat manifest as the nested tree React Router matches.
      const tree = (parentId: string | undefined): object[] =>
        routes
          .filter((route) => route?.parentId === parentId)
          .map((route) => ({ id: route!.id, path: route!.path, index: route!.index, children: tree(route!.id) }));
      return matchRoutes(tree(undefined) as Parameters<typeof matchRoutes>[0], path)?.at(-1)?.route.id;
    };
    expect(leaf("/blog/blog")).toBe("routes/site/blog-post");
    expect(leaf("/products/gallery")).toBe("routes/site/category");
    expect(leaf("/ar/gallery")).toBe("lang/routes/site/gallery");
    expect(leaf("/xyz")).toBe("routes/site/not-found");
    expect(leaf("/admin/login")).toBe("routes/admin/login");
    expect(leaf("/admin/no-such-page")).toBe("routes/admin/not-found");
  });
});

describe("route labels", () => {
  it("remembers a long path's label: a Bengali product's address, some 300 characters once percent-encoded", () => {
    const bengali = encodeURI("/bn/products/তাজা-পেঁয়াজ/নাসিকের-লাল-পেঁয়াজ");
    expect(bengali.length).toBeGreaterThan(256);
    const labelOf = routeLabeler(build);
    expect(labelOf(bengali)).toBe("bn/routes/site/product");
    // Matched once, then read from memory: each match of the route tree takes a millisecond or more, so 5,000 of
    // them (one per cache hit, as before) would take seconds.
    const started = performance.now();
    for (let i = 0; i < 5000; i++) labelOf(bengali);
    expect(performance.now() - started).toBeLessThan(250);
  });
});
