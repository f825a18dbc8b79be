/* global module */
/** Layers of docs/architecture.md: routes → components → features → db → lib; server/ is the HTTP shell. */
const escape = (path) => path.replace(/[.]/g, "\\.");
const layer = (name, path, mayNotReach) => ({
  name: `no-upward-from-${name}`,
  comment: `${name} may not import ${mayNotReach.join(", ")} (imports run one way; see docs/architecture.md)`,
  severity: "error",
  from: { path },
  to: { path: mayNotReach.map((p) => `^${escape(p)}`).join("|") },
});

/** The db layer: the schema and connection, with the configuration and the per-request services beside it. */
const DB_LAYER = ["app/db/", "app/config.server.ts", "app/services.server.ts"];

/** What each layer may not import: every layer above it, top first (startup and the HTTP shell use them all). */
const ABOVE_ROUTES = ["app/startup/", "server/"];
const ABOVE_COMPONENTS = ["app/routes/", "app/root.tsx", ...ABOVE_ROUTES];
const ABOVE_FEATURES = ["app/components/", ...ABOVE_COMPONENTS];
const ABOVE_DB = ["app/features/", ...ABOVE_FEATURES];

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    {
      name: "no-circular-features",
      comment: "feature folders may use each other one way only (quotes → inquiries, auth → users), never in a circle",
      severity: "error",
      scope: "folder",
      from: { path: "^app/features/[^/]+$" },
      to: { path: "^app/features/[^/]+$", circular: true },
    },
    layer("lib", "^app/lib/", [...DB_LAYER, ...ABOVE_DB]),
    layer("db", "^app/(db/|config\\.server\\.ts$|services\\.server\\.ts$)", ABOVE_DB),
    layer("features", "^app/features/", ABOVE_FEATURES),
    layer("components", "^app/components/", ABOVE_COMPONENTS),
    layer("routes", "^app/(routes/|root\\.tsx$)", ABOVE_ROUTES),
    layer("app", "^app/(?!startup/)", ["app/startup/", "server/"]),
    layer("startup", "^app/startup/", ["server/"]),
    {
      name: "mail-only-through-lib-mail",
      comment:
        "only app/lib/mail talks SMTP (as lib/storage holds the bucket): features hand it their messages, or write them to the outbox, and never build a transport or import another feature to send one",
      severity: "error",
      from: { path: "^(app|server)/", pathNot: "^app/lib/mail/" },
      to: { path: "node_modules/nodemailer/" },
    },
    {
      name: "island-is-plain-dom",
      comment:
        "the public pages' script (app/island, ADR 0058) is plain DOM code: it may not reach React, React Router, zod or lucide, nor any route, component or feature module that does",
      severity: "error",
      from: { path: "^app/island/" },
      to: {
        path: "node_modules/(react|react-dom|react-router|zod|lucide-react)/|^app/(routes/|root\\.tsx$|startup/)|^server/|\\.server\\.ts$",
        reachable: true,
      },
    },
    {
      name: "trade-terms-display-without-zod",
      comment:
        "trade-terms/display.ts and vocabulary.ts may not reach zod: public pages, components and PDFs show terms through them without loading the schema",
      severity: "error",
      from: { path: "^app/features/catalogue/trade-terms/(display|vocabulary)\\.ts$" },
      to: { path: "node_modules/zod/", reachable: true },
    },
    {
      name: "trade-terms-shown-through-display",
      comment:
        "components and public pages use trade terms through trade-terms/display.ts and vocabulary.ts; the schema and the stored JSON stay in features",
      severity: "error",
      from: { path: "^app/(components|routes/site)/" },
      to: { path: "^app/features/catalogue/trade-terms/(schema|storage)" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|^app/\\.react-router" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
