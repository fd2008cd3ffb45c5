import { createRequire } from "node:module";
import { dirname, join } from "node:path";

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

/**
 * Vite's helper around every dynamic import (`__vitePreload`), in its shortest form: it adds a
 * `<link rel="modulepreload">` for each chunk the imported one needs, so they load in parallel, and
 * imports. Vite's own (1.2 KB gzipped, in the chunk every page loads) also handles CSS chunks (the
 * panel's CSS is one file every page has already loaded), relative bases, a CSP nonce from a `<meta>` the panel does
 * not render ('strict-dynamic' lets a script-inserted link load), a `vite:preloadError` event nothing
 * listens to. Decision 089.
 */
function shortPreloadHelper(): Plugin {
  let base = "/";
  return {
    name: "short-preload-helper",
    enforce: "pre",
    apply: "build",
    configResolved(config) {
      base = config.base;
    },
    load(id) {
      if (id !== "\0vite/preload-helper.js") return;
      return `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps ?? [])
    if (!dep.endsWith(".css") && !seen.has(dep)) {
      seen.add(dep);
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = ${JSON.stringify(base)} + dep;
      document.head.append(link);
    }
  return load();
};`;
    },
  };
}

/**
 * React Router's production build in the browser. Its package resolves to `dist/development`
 * under every condition; `dist/production` is the same code with its development warnings off
 * (`ENABLE_DEV_WARNINGS`), which the minifier then drops: 0.6 KB gzipped on every page. The
 * server keeps the package's own resolution; nothing either renders depends on the flag (only React
 * Router's default error boundary, which no panel page shows: the root has its own). Decision 089.
 */
function productionRouter(): Plugin {
  const dist = join(dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production");
  const files: Record<string, string> = {
    "react-router": join(dist, "index.mjs"),
    "react-router/dom": join(dist, "dom-export.mjs"),
  };
  return {
    name: "production-router",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source) {
      return files[source];
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
    shortPreloadHelper(),
    productionRouter(),
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
