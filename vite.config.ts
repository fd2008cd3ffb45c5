import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

import routes from "./app/routes.ts";
import { firstLoadChunks } from "./scripts/vite-first-load-chunks.ts";
import { iconSprite } from "./scripts/vite-icon-sprite.ts";
import { precompress } from "./scripts/vite-precompress.ts";

/**
 * Names each server entry after its input key (index.js, env.js, audit-verify.js). React Router names every
 * server entry `index.js`, which would turn the second one into an arbitrary `index2.js`.
 */
function namedServerEntries(): Plugin {
  return {
    name: "named-server-entries",
    enforce: "post",
    configEnvironment(name, options) {
      if (name !== "ssr") return;
      const output = options.build?.rollupOptions?.output;
      if (output && !Array.isArray(output)) output.entryFileNames = "[name].js";
    },
  };
}

export default defineConfig({
  // Kept for the bundle-size check (express.static does not serve dot folders).
  build: { manifest: true },
  environments: {
    ssr: {
      build: {
        rollupOptions: {
          input: {
            // Our Express app, so the production server is one bundle: build/server/index.js.
            index: "./server/app.ts",
            // The environment check alone, build/server/env.js: server.js refuses a bad
            // configuration before it loads the whole server (a second or more under load).
            env: "./app/config/env.server.ts",
            // `npm run audit:verify`, build/server/audit-verify.js: the container runs it too.
            "audit-verify": "./app/audit/verify-command.server.ts",
            "insights-rebuild": "./app/insights/rebuild-command.server.ts",
          },
        },
      },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    iconSprite(),
    reactRouter(),
    precompress(),
    namedServerEntries(),
    // A first visit loads a few chunks, not two dozen (decision 028). A module joins the shared
    // chunks once 8 admin screens load it: the lists' filters and table stay out of what the
    // membership forms load, which keeps those forms within their budget (4 to 6 put them at 1.17;
    // 7 as well once /audit made the data table's seventh screen).
    firstLoadChunks({ routes, layout: "routes/admin/layout.tsx", minScreens: 8 }),
  ],
});
