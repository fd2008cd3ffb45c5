import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

import { precompress } from "./scripts/vite-precompress";

export default defineConfig({
  // Kept for the bundle-size check (express.static does not serve dot folders).
  build: { manifest: true },
  environments: {
    // The server build's entry is our Express app, so the production server is one bundle.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
