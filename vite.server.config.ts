import path from "node:path";
import { defineConfig } from "vite";

// The server itself (server/main.ts, which sets NODE_ENV before it imports server/serve.ts and the app modules it
// uses) compiled to build/server/main.js and main-*.js beside React Router's build, so `npm start` runs plain node: no
// TypeScript compiler at start-up. Packages stay imports.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  logLevel: "warn",
  publicDir: false,
  build: {
    ssr: "server/main.ts",
    outDir: "build/server",
    emptyOutDir: false,
    target: "node20",
    minify: false,
    sourcemap: true,
    rolldownOptions: { output: { entryFileNames: "main.js", chunkFileNames: "main-[name].js" } },
  },
});
