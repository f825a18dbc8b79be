import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { DEFAULT_LANGUAGE, LANGUAGE_PREFIX_PATTERN, languageOfPath } from "../app/lib/i18n/languages";

/** Paths the server answers before React Router, by the label their metrics carry. */
const SERVER_PATHS: [RegExp, string][] = [
  [/^\/healthz$/, "healthz"],
  [/^\/metrics$/, "metrics"],
  [/^\/assets\//, "assets"],
  [/^\/media\//, "media"],
  [
    /^\/(?:images\/|favicon\.(?:svg|ico)$|apple-touch-icon\.png$|icon-192\.png$|logo-512\.png$|site\.webmanifest$)/,
    "static",
  ],
  // In every language (`/ar/products/…/spec-sheet.pdf`): one series, as the page's own label says its language.
  [new RegExp(`^(?:/(?:${LANGUAGE_PREFIX_PATTERN}))?/products/[^/]+/[^/]+/spec-sheet\\.pdf$`), "spec-sheet"],
  [/^\/__manifest$/, "manifest"],
];

/**
 * Labels remembered, up to a count and a total length of paths; a stranger's endless distinct paths only clear the
 * memo, never grow it. A path in Bengali or Arabic is long once percent-encoded (a product's is some 300 characters):
 * left out of the memo, each of its cache hits ran React Router's `matchRoutes`, which cost more than the hit
 * (issue 42: the Bengali product page answered 87 hits a second).
 */
const MAX_REMEMBERED = 2000;
const MAX_REMEMBERED_CHARS = 1_000_000;
const MAX_REMEMBERED_PATH = 4096;

/**
 * The route a path belongs to, as a bounded metrics label: the React Router route id (`routes/site/product`, the
 * same for a page and its `.data` request; `ar/routes/site/product` for its Arabic copy, so each language's figures
 * stand apart), or one of the server's own names. Never the path itself, which a
 * stranger can make different on every request; a path no route claims is the catch-all's (`routes/site/not-found`).
 */
export function routeLabeler(build: ServerBuild | (() => Promise<ServerBuild>)): (pathname: string) => string {
  // In development the build changes under Vite: labels there are the server's own names or "app".
  const routes = typeof build === "function" ? null : routeTree(build);
  const remembered = new Map<string, string>();
  let chars = 0;
  return (pathname) => {
    let label = remembered.get(pathname);
    if (label === undefined) {
      label = labelOf(pathname, routes);
      if (pathname.length > MAX_REMEMBERED_PATH) return label;
      if (remembered.size >= MAX_REMEMBERED || chars + pathname.length > MAX_REMEMBERED_CHARS) {
        remembered.clear();
        chars = 0;
      }
      remembered.set(pathname, label);
      chars += pathname.length;
    }
    return label;
  };
}

function labelOf(pathname: string, routes: RouteObject[] | null): string {
  for (const [pattern, label] of SERVER_PATHS) if (pattern.test(pathname)) return label;
  if (!routes) return "app";
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  let matches: ReturnType<typeof matchRoutes> = null;
  try {
    matches = matchRoutes(routes, page);
  } catch {
    // A path React Router cannot decode: the server answers it 400.
  }
  const id = matches?.at(-1)?.route.id;
  if (!id) return "unmatched";
  // The languages' one `/:lang/…` copy (app/routes.ts) is labelled per language, as each had its own routes before:
  // `ar/routes/site/product`. A first segment that is no language's code answers the 404 page: the catch-all's label.
  if (!id.startsWith(LANGUAGE_COPY)) return id;
  const lang = languageOfPath(page);
  return lang === DEFAULT_LANGUAGE ? NOT_FOUND_ID : `${lang}/${id.slice(LANGUAGE_COPY.length)}`;
}

const LANGUAGE_COPY = "lang/";
const NOT_FOUND_ID = "routes/site/not-found";

/** The build's flat route list as the nested objects `matchRoutes` reads. */
function routeTree(build: ServerBuild): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (routes: RouteObject[]): RouteObject[] =>
    routes.map((route) =>
      route.index ? route : ({ ...route, children: attach(children.get(route.id) ?? []) } as RouteObject),
    );
  return attach(children.get(undefined) ?? []);
}
