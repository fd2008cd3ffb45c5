// Production entry: validates the environment, serves the built panel, shuts down gracefully.
// Plain JavaScript so that the container runs it without TypeScript tooling.
import { existsSync } from "node:fs";

const SHUTDOWN_TIMEOUT_MS = 10_000;
const bundleUrl = new URL("./build/server/index.js", import.meta.url);

/** One JSON object per line on stdout (or stderr), like the request log. */
function log(fields, stream = process.stdout) {
  stream.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", ...fields })}\n`);
}

/** The one line an operator reads when the server refuses to start. */
function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

process.on("uncaughtException", (error) => {
  log({ level: "error", msg: "uncaught exception", error: error?.stack ?? String(error) });
  process.exit(1);
});
process.on("unhandledRejection", (reason) => {
  log({ level: "error", msg: "unhandled rejection", error: reason?.stack ?? String(reason) });
  process.exit(1);
});

if (!existsSync(bundleUrl))
  fail("The panel is not built: run `npm run build` first (build/server/index.js is missing).");

let bundle;
let env;
try {
  bundle = await import(bundleUrl.href);
  env = bundle.parseEnv(process.env);
} catch (error) {
  // EnvError messages are one line that already starts with "Invalid configuration:".
  if (error?.name === "EnvError") fail(error.message);
  const detail = String(error?.message ?? error).split("\n")[0];
  fail(`Invalid configuration: the environment could not be read (${detail})`);
}

const app = bundle.createServerApp(env);
const server = app.listen(env.PORT, env.HOST, (error) => {
  if (error) fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`);
  const { port } = server.address();
  const host = env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  log({ msg: "listening", url: `http://${host}:${port}` });
});

let shuttingDown = false;

function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  // /readyz answers 503 from now on; during SHUTDOWN_DRAIN_MS a load balancer sees it and stops
  // sending requests here, which are still served until the listening socket closes.
  bundle.startDraining();
  if (env.SHUTDOWN_DRAIN_MS > 0) log({ msg: "draining", signal, drainMs: env.SHUTDOWN_DRAIN_MS });
  setTimeout(() => close(signal), env.SHUTDOWN_DRAIN_MS);
}

function close(signal) {
  const started = Date.now();

  setTimeout(() => {
    log({ level: "error", msg: "shutdown timed out; exiting", afterMs: Date.now() - started });
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();

  // Stop accepting connections; the callback runs once in-flight requests have finished.
  server.close(() => {
    log({ msg: "shut down", durationMs: Date.now() - started });
    process.exit(0);
  });
  // Keep-alive connections count as open until closed: close the idle ones now, and the
  // busy ones as soon as their response is done.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  // Logged once the listening socket is closed: from here on, new connections are refused.
  log({ msg: "shutting down", signal });
}

// Responses finished during shutdown tell the client not to reuse the connection.
server.prependListener("request", (_req, res) => {
  if (shuttingDown) res.setHeader("Connection", "close");
});

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
