import path from "node:path";
import { defineConfig } from "vite";

// The public pages' only script (ADR 0058): plain DOM code, no React, built on its own after React Router's build
// (whose client build empties build/client) so that none of its modules can be pulled into the chunks the back
// office shares. Hashed under /assets/ (served immutable); build/island-manifest.json tells the server its name.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  logLevel: "warn",
  publicDir: false,
  build: {
    outDir: "build",
    emptyOutDir: false,
    manifest: "island-manifest.json",
    target: "es2020",
    rolldownOptions: {
      input: { site: "app/island/site.ts" },
      output: { entryFileNames: "client/assets/[name]-[hash].js", chunkFileNames: "client/assets/[name]-[hash].js" },
    },
  },
});
