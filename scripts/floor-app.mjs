// The floor the panel is measured against: a bare React Router app, written and built in a temp
// dir that shares the panel's node_modules. One page with trivial markup whose loader makes one
// upstream call (issue 17's floor: "one upstream fetch, trivial markup"), the default entries, the
// panel's React Router version and future flags, served by Express 5 with the panel's brotli
// settings. `npm run bench` compares throughput with it, `npm run size` first-load JavaScript.
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Runs `react-router build` in `cwd`; `quiet` keeps its output unless it fails.
 * @param {string} cwd
 * @param {boolean} quiet
 */
export function reactRouterBuild(cwd, quiet) {
  const result = spawnSync(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], {
    cwd,
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`react-router build failed in ${cwd}\n${result.stdout ?? ""}${result.stderr ?? ""}`);
}

const BARE_FILES = {
  // React Router picks its default entry.server from the dependencies, and runs `npm install`
  // when isbot is not among them: both are listed (and come from the panel's node_modules).
  "package.json": JSON.stringify({
    name: "bench-bare-react-router",
    private: true,
    type: "module",
    dependencies: {
      "@react-router/node": "*",
      "@react-router/express": "*",
      isbot: "*",
      react: "*",
      "react-dom": "*",
      "react-router": "*",
    },
  }),
  // The panel's future flags, so both run the same React Router code paths.
  "react-router.config.js": `export default {
  ssr: true,
  future: { v8_middleware: true, v8_splitRouteModules: true, v8_viteEnvironmentApi: true, v8_trailingSlashAwareDataRequests: true },
};
`,
  "vite.config.js": `import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
// The manifest is for \`npm run size\`, as in the panel's own config.
export default defineConfig({ logLevel: "warn", build: { manifest: true }, plugins: [reactRouter()] });
`,
  "app/routes.js": `import { index } from "@react-router/dev/routes";
export default [index("routes/home.jsx")];
`,
  "app/root.jsx": `import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
export function Layout({ children }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
export default function App() {
  return <Outlet />;
}
`,
  // FLOOR_UPSTREAM_URL is the one upstream call. The bench points it at the demo API's /api/users
  // without a session: the endpoint /users calls, answered with a short 401 after the demo API's
  // latency. Without it (npm run size builds, never serves) there is none.
  "app/routes/home.jsx": `import { useLoaderData } from "react-router";
export const meta = () => [{ title: "Bare page" }];
export async function loader() {
  const url = process.env.FLOOR_UPSTREAM_URL;
  if (!url) return { status: null };
  const response = await fetch(url, { headers: { accept: "application/json" } });
  await response.json();
  return { status: response.status };
}
export default function Home() {
  const { status } = useLoaderData();
  return (
    <main>
      <h1>Bare page</h1>
      <p>Upstream answered {status ?? "nothing"}</p>
    </main>
  );
}
`,
  // The panel's own serving stack minus its middleware: Express 5, brotli 4 (window 18), static assets.
  "server.js": `import zlib from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import * as build from "./build/server/index.js";
const app = express();
app.disable("x-powered-by");
app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } } }));
app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
app.all("/{*path}", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
`,
};

/**
 * Writes and builds the bare app in `dir`, a temp dir that shares the panel's node_modules.
 * @param {string} dir
 */
async function buildIn(dir) {
  for (const [file, text] of Object.entries(BARE_FILES)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  await symlink(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  reactRouterBuild(dir, true);
}

/** Writes and builds the floor app in a new temp dir; `remove` deletes it. */
export async function buildFloorApp() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "panel-floor-"));
  try {
    await buildIn(dir);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
