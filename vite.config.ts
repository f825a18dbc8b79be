import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

const SHARED = /[\\/]app[\\/](components|features|lib)[\\/]/;
const ADMIN_ONLY =
  /[\\/]app[\\/](components[\\/]admin[\\/]|features[\\/](auth|users|admin)[\\/]|features[\\/](inquiries[\\/]inquiries|content[\\/]content|catalogue[\\/]catalogue)\.schema\.ts$)/;

// zod and the form layer: the contact page and the back office need them, the other public pages do not. The
// upload progress bar is installed by the root, so it stays with what every page loads. settings.schema.ts holds
// plain constants every page uses.
const FORMS =
  /node_modules[\\/]zod[\\/]|[\\/]app[\\/](lib[\\/]forms[\\/]|components[\\/]forms[\\/](?!upload-progress)|features[\\/][\w-]+[\\/](?!settings\.schema)[\w-]+\.schema\.ts$|features[\\/]sorted-image-items[\\/])/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // The server bundle takes the icons it uses: importing lucide-react loads all ~1,600 of its modules, a third of
  // a second of every start.
  ssr: { noExternal: ["lucide-react"] },
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
            // after "forms" and "shared", so what it needs (zod, the form layer) is already there.
            {
              name: "shared",
              test: (id) => SHARED.test(id) && !ADMIN_ONLY.test(id) && !FORMS.test(id),
              minShareCount: 2,
              priority: 5,
            },
            { name: "forms", test: FORMS, minShareCount: 2, priority: 4.5 },
            { name: "admin", test: ADMIN_ONLY, minShareCount: 2, priority: 4 },
          ],
        },
      },
    },
  },
});
