import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
            { name: "shared", test: /[\\/]app[\\/](components|features|lib)[\\/]/, minShareCount: 2, priority: 5 },
          ],
        },
      },
    },
  },
});
