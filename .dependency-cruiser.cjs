/** Layers of docs/architecture.md: routes → components → features → db → lib; server/ is the HTTP shell. */
const layer = (name, path, mayNotReach) => ({
  name: `no-upward-from-${name}`,
  comment: `${name} may not import ${mayNotReach.join(", ")} (imports run one way; see docs/architecture.md)`,
  severity: "error",
  from: { path },
  to: { path: mayNotReach.map((p) => `^${p}`).join("|") },
});

module.exports = {
  forbidden: [
    { name: "no-circular", severity: "error", from: {}, to: { circular: true } },
    layer("lib", "^app/lib/", ["app/db/", "app/features/", "app/components/", "app/routes/", "app/startup/", "server/"]),
    layer("db", "^app/db/", ["app/features/", "app/components/", "app/routes/", "app/startup/", "server/"]),
    layer("features", "^app/features/", ["app/components/", "app/routes/", "app/startup/", "server/"]),
    layer("components", "^app/components/", ["app/routes/", "app/startup/", "server/"]),
    layer("routes", "^app/routes/", ["app/startup/", "server/"]),
    layer("app", "^app/", ["server/"]),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.test\\.tsx?$|^app/\\.react-router" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
