import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const SHARED = /[\\/]app[\\/](components|features|lib)[\\/]/;
const ADMIN_ONLY =
  /[\\/]app[\\/](components[\\/]admin[\\/]|features[\\/](auth|users|admin)[\\/]|features[\\/](inquiries[\\/]inquiries|content[\\/]content|catalogue[\\/]catalogue)\.schema\.ts$)/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    // Fewer, larger files for the public pages: a phone on HTTP/1.1 opens six connections at a time, so twenty small
    // modules cost several round trips before the page can run (ADR 0008).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 20,
            },
            { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, priority: 10 },
            // Code that only back-office pages share stays out of the chunk every public page loads; it is taken
            // after "shared", so what it needs (zod, the form layer) is already there.
            { name: "shared", test: (id) => SHARED.test(id) && !ADMIN_ONLY.test(id), minShareCount: 2, priority: 5 },
            { name: "admin", test: ADMIN_ONLY, minShareCount: 2, priority: 4 },
          ],
        },
      },
    },
  },
});
