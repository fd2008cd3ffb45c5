// Production entry: validates the environment, serves the built panel, shuts down gracefully.
// Plain JavaScript so that the container runs it without TypeScript tooling.
import { existsSync } from "node:fs";
import http from "node:http";

import closeWithGrace from "close-with-grace";

// React and React Router pick their production builds from NODE_ENV: `node server.js` alone must
// not run their development builds. An operator's own NODE_ENV wins.
process.env.NODE_ENV ??= "production";

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** A client gets this long to send a request's headers (capped by REQUEST_TIMEOUT_MS). */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node enforces the two request timeouts; its default of 30 s would let them run 30 s late. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;
/**
 * Events close-with-grace handles besides SIGTERM and SIGINT: they keep Node's own handling.
 * @type {import("close-with-grace").AllEvents[]}
 */
const NOT_GRACEFUL = [
  "SIGHUP",
  "SIGQUIT",
  "SIGILL",
  "SIGTRAP",
  "SIGABRT",
  "SIGBUS",
  "SIGFPE",
  "SIGSEGV",
  "SIGUSR2",
  "uncaughtException",
  "unhandledRejection",
  "beforeExit",
];
// Two entries of one build: the environment check alone (small), then the whole server.
const envModuleUrl = new URL("./build/server/env.js", import.meta.url);
const bundleUrl = new URL("./build/server/index.js", import.meta.url);

/**
 * The one line an operator reads when the server refuses to start.
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/**
 * The first line of an error's message.
 * @param {unknown} error
 */
function firstLine(error) {
  return String(/** @type {Error | undefined} */ (error)?.message ?? error).split("\n")[0];
}

if (!existsSync(bundleUrl) || !existsSync(envModuleUrl))
  fail("The panel is not built: run `npm run build` first (build/server/index.js or env.js is missing).");

// The environment first: a bad configuration is refused at once, without loading the server
// bundle (React, the routes, Express), which takes a second or more on a busy machine.
/** @type {import("./app/config/env.server.ts").Env} */
let env;
try {
  const { parseEnv } = await import(envModuleUrl.href);
  env = parseEnv(process.env);
} catch (error) {
  // EnvError messages are one line that already starts with "Invalid configuration:".
  const failure = /** @type {Error | undefined} */ (error);
  if (failure?.name === "EnvError") fail(failure.message);
  fail(`Invalid configuration: the environment could not be read (${firstLine(error)})`);
}

/** @type {typeof import("./server/app.ts")} */
let bundle;
try {
  bundle = await import(bundleUrl.href);
} catch (error) {
  fail(`The panel could not be loaded from build/server/index.js: ${firstLine(error)}`);
}
// The panel's one logger: one JSON object per line on stdout.
const { logLine, startDraining } = bundle;

process.on("uncaughtException", (error) => {
  logLine("error", "uncaught exception", { error: error?.stack ?? String(error) });
  process.exit(1);
});
process.on("unhandledRejection", (reason) => {
  logLine("error", "unhandled rejection", {
    error: /** @type {Error | undefined} */ (reason)?.stack ?? String(reason),
  });
  process.exit(1);
});

// The Redis that REDIS_URL names must keep what the panel writes: any maxmemory-policy but
// noeviction is refused here, in one line (docs/decisions/062-records-in-a-redis-that-keeps-them.md).
const redisRefusal = await bundle.checkRedisAtBoot(env);
if (redisRefusal) fail(redisRefusal);

// Slow clients: a request whose headers or body trickle in is answered 408 (or its connection
// closed) once its time is up, instead of holding a connection for Node's default 300 s.
// Idle keep-alive connections stay open longer than a load balancer's idle timeout, so that
// the balancer, not the panel, closes them (see "Timeouts" in docs/operations.md).
const server = http.createServer(
  {
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
  },
  bundle.createServerApp(env),
);
server.once("error", (error) => fail(`Cannot listen on ${env.HOST}:${env.PORT}: ${error.message}`));
server.listen(env.PORT, env.HOST, () => {
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  const host = env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
  logLine("info", "listening", { url: `http://${host}:${port}` });
});

// Shutdown (close-with-grace): on SIGTERM or SIGINT, /readyz answers 503 at once, and requests
// are still served while a load balancer takes this instance out. The drain ends once the
// balancer's checks show that it stopped sending (server/health.ts), or after SHUTDOWN_DRAIN_MS,
// whichever comes first (decision 052). Then the listening socket closes (new connections are
// refused), idle keep-alive connections close, and the requests in flight finish; then the bulk
// batches take no new item and their items in flight end (decision 068); the process exits 0. It
// exits 1 if all this outlasts SHUTDOWN_TIMEOUT_MS plus the room of an item in flight (its
// upstream calls, each up to UPSTREAM_TIMEOUT_MS), or on a second SIGTERM or SIGINT.
/** @type {number | undefined} */
let closeStarted;
let shuttingDown = false;
closeWithGrace(
  {
    delay: env.SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS + bundle.itemInFlightMs(env),
    // Only SIGTERM and SIGINT stop the server gracefully; the rest keep Node's own handling.
    skip: NOT_GRACEFUL,
    logger: false,
    onTimeout: () =>
      logLine("error", "shutdown timed out; exiting", { afterMs: Date.now() - (closeStarted ?? Date.now()) }),
    onSecondSignal: (signal) => logLine("warn", "second signal during shutdown; exiting", { signal }),
  },
  async ({ signal }) => {
    shuttingDown = true;
    const drainStarted = Date.now();
    const balancerStopped = startDraining(env.BALANCER_FALL);
    /** @type {Record<string, unknown>} */
    let drained = {};
    if (env.SHUTDOWN_DRAIN_MS > 0) {
      logLine("info", "draining", { signal, drainMs: env.SHUTDOWN_DRAIN_MS });
      /** @type {NodeJS.Timeout | undefined} */
      let limit;
      const endedBy = await Promise.race([
        balancerStopped.then(() => "balancer"),
        new Promise((resolve) => (limit = setTimeout(resolve, env.SHUTDOWN_DRAIN_MS, "SHUTDOWN_DRAIN_MS"))),
      ]);
      clearTimeout(limit);
      drained = { drainEndedBy: endedBy, drainedMs: Date.now() - drainStarted };
    }
    closeStarted = Date.now();
    // Stop accepting connections; the callback runs once in-flight requests have finished.
    const closed = new Promise((resolve) => server.close(resolve));
    // Keep-alive connections count as open until closed: close the idle ones now, and the
    // busy ones as soon as their response is done.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    // Logged once the listening socket is closed: from here on, new connections are refused.
    logLine("info", "shutting down", { signal, ...drained });
    await closed;
    // The bulk batches next: no new item; the items in flight end and record their audit entries;
    // the rest are "not run", and each batch notes that it was interrupted.
    await bundle.stopBatches();
    // The ban ends' tick: none new, and the one running ends (its entries before the trail closes).
    await bundle.stopBanEnds();
    // Audit entries still waiting for the store are written before the process ends: the failed
    // sign-ins gathered so far first. The trail closes last but the state engine: an entry after
    // it is logged as lost.
    await bundle.flushSignInFailures();
    await bundle.closeTheAuditTrail();
    // The state engine's files (sessions and the panel's other records) are closed last.
    await bundle.closeTheStateEngine();
    logLine("info", "shut down", { durationMs: Date.now() - closeStarted });
  },
);

// Responses finished during shutdown tell the client not to reuse the connection.
server.prependListener("request", (_req, res) => {
  if (shuttingDown) res.setHeader("Connection", "close");
});
