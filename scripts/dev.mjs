// `npm run dev`: the production Express app (server/app.ts: headers, CSP, guards, request log,
// health routes) behind Vite's dev server in middleware mode, with hot reload of routes and
// server code. Without API_URL it runs the demo API beside it (demo mode), as `npm start` does.
import http from "node:http";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

import { createServer, isRunnableDevEnvironment } from "vite";

import { announceReady, panelEnvironment } from "./demo-mode.mjs";
import { installStopHandlers, onStopPanel, ROOT, stopAll } from "./supervisor.mjs";

const APP_MODULE = join(ROOT, "server/app.ts");

installStopHandlers();

// The demo API (in demo mode) starts while Vite does: neither waits for the other.
const environment = panelEnvironment();
process.env.NODE_ENV = "development";

const server = http.createServer();
const sigtermListeners = process.listeners("SIGTERM");
const vite = await createServer({
  root: ROOT,
  appType: "custom",
  // The hot-reload socket shares the panel's port, so it needs no port of its own.
  server: { middlewareMode: true, hmr: { server } },
});
const { env, demo } = await environment;
// The panel runs in this process: its modules read process.env (app/config/env.server.ts).
Object.assign(process.env, env, { NODE_ENV: "development" });
// Vite serves source files: unless HOST says otherwise, only this machine may ask.
process.env.HOST ??= "127.0.0.1";
// React Router's plugin runs a second Vite server (its child compiler) outside middleware mode, and
// Vite gives that one a SIGTERM (and stdin end) handler that exits this process once it is closed,
// before the demo API has stopped. The supervisor's handler closes it in order (vite.close()).
for (const listener of process.listeners("SIGTERM")) {
  if (sigtermListeners.includes(listener)) continue;
  process.off("SIGTERM", listener);
  process.stdin.off("end", listener);
}
const ssr = vite.environments.ssr;
if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's ssr environment cannot run modules in this process");
const { runner } = ssr;

/** @type {{ module: unknown, app: import("express").Express } | undefined} */
let current;

/**
 * The Express app of the current server/app.ts. Vite's module runner hands back the same module
 * until a file it imports (a route, a server module) changes; then the app is built anew.
 */
async function panelApp() {
  /** @type {typeof import("../server/app.ts")} */
  const module = await runner.import(APP_MODULE);
  if (current === undefined || current.module !== module) {
    current = { module, app: module.createServerApp(module.parseEnv(process.env), { viteDevServer: true }) };
  }
  return current.app;
}

/**
 * A module that does not load (a syntax error mid-edit): the error on the page and in the log.
 * @param {http.ServerResponse} res
 * @param {unknown} failure
 */
function moduleFailed(res, failure) {
  const error = /** @type {Error | undefined} */ (failure);
  console.error(error?.stack ?? String(error));
  if (res.headersSent) return void res.destroy();
  res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" });
  res.end(`The panel's server code failed to load:\n\n${stripVTControlCharacters(String(error?.stack ?? error))}`);
}

// Vite answers its own requests (its client, source modules, public/ files); the rest, and every
// non-GET, goes to the panel's app.
server.on("request", (req, res) => {
  vite.middlewares(req, res, (/** @type {unknown} */ error) => {
    if (error) return moduleFailed(res, error);
    panelApp().then(
      (app) => app(req, res),
      (loadError) => moduleFailed(res, loadError),
    );
  });
});

try {
  // Loads the app once before listening: a bad environment stops here with its one line.
  await panelApp();
} catch (failure) {
  const error = /** @type {Error | undefined} */ (failure);
  console.error(error?.name === "EnvError" ? error.message : (error?.stack ?? String(error)));
  await vite.close();
  await stopAll(1);
}

onStopPanel(async () => {
  await vite.close();
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
  });
});

server.listen(Number(process.env.PORT), process.env.HOST, () => {
  const { address, port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  const url = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  // The same line as server.js, which tests and tools wait for.
  console.log(JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "listening", url }));
  announceReady(url, demo);
});
server.on("error", (error) => {
  console.error(`Cannot listen on ${process.env.HOST}:${process.env.PORT}: ${error.message}`);
  void stopAll(1);
});
