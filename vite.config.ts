import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server build's entry is our Express app, so the production server is one bundle. The
  // client build keeps its manifest for the bundle-size check (express.static ignores dot folders).
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : { manifest: true },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
