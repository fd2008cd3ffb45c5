import { readdirSync } from "node:fs";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import * as build from "virtual:react-router/server-build";

import type { Env } from "~/config/env.server";
import { logLine } from "~/lib/log.server";
import { countEntriesIntoRollups } from "~/insights/rollup-store.server";
import { startBanEnds } from "~/bans/ban-end-runner.server";
import { notePendingRequests } from "~/insights/pending.server";
import { onPendingBadgesRead } from "~/upstream/moderation.server";
import { createRouterContext } from "~/server-context";

import { healthRoutes } from "./health";
import { precompressed } from "./precompressed";
import { limitConnections } from "./connection-limits";
import {
  limitBodySize,
  refuseBadHosts,
  refuseCrossSiteWrites,
  refuseExpensiveReads,
  refuseMalformedPaths,
  refuseUnknownMethods,
} from "./request-guards";
import { renderProbe } from "./render-probe";
import { requestLogger } from "./logging";
import { forwardedHost, securityHeaders } from "./security-headers";
import { serverTiming, withServerTiming } from "./server-timing";

// The launcher (server.js) parses the environment with the bundle's own schema.
export { EnvError, parseEnv } from "~/config/env.server";
export type { Env } from "~/config/env.server";
export { logLine } from "~/lib/log.server";
export { startDraining } from "./health";
export { closeTheAuditTrail } from "~/audit/trail.server";
export { closeTheStateEngine } from "~/state/state.server";
export { itemInFlightMs, stopBatches } from "~/bulk/bulk-action.server";
export { stopBanEnds } from "~/bans/ban-end-runner.server";
export { flushSignInFailures } from "~/routes/auth/sign-in.server";
export { checkRedisAtBoot } from "~/state/redis-policy.server";

// Resolved from this bundle (build/server/index.js), not from the working directory.
const clientDir = fileURLToPath(new URL("../client", import.meta.url));
const assetsDir = fileURLToPath(new URL("../client/assets", import.meta.url));

export interface ServerAppOptions {
  /**
   * Runs under Vite's dev server (scripts/dev.mjs): Vite's middleware serves the client files in
   * front of this app, and the CSP allows its hot-reload socket.
   */
  viteDevServer?: boolean;
}

/** The panel's Express app: headers, logs, health, static files, then React Router. */
export function createServerApp(env: Env, { viteDevServer = false }: ServerAppOptions = {}) {
  const app = express();
  app.disable("x-powered-by");
  // Each audit entry the trail writes is counted for /insights as it is written.
  countEntriesIntoRollups(env.APP_TIMEZONE);
  // Each read of the pending citizenship requests notes when the panel first saw each one.
  onPendingBadgesRead((ids) => notePendingRequests(ids, env.APP_TIMEZONE));
  // Timed bans end on their own: each instance looks for ends due (docs/product.md#bans-with-an-end).
  startBanEnds();
  app.set("trust proxy", env.TRUST_PROXY);
  if (env.TRUST_PROXY === true || typeof env.TRUST_PROXY === "number") {
    // Refused in production (app/config/env.server.ts); development and tests may still use it.
    logLine(
      "warn",
      `TRUST_PROXY=${String(env.TRUST_PROXY)} trusts any peer's X-Forwarded-For: clients can choose their address and evade the rate limits; name the proxies by address instead (e.g. TRUST_PROXY=loopback)`,
    );
  }

  for (const line of missingAppLinkWarnings(env)) logLine("warn", line);

  // The edge, in order: what a connection may cost, the log line, the headers every answer
  // carries (refusals included), then the refusals that need no route: each costs the same
  // whatever the routes are (docs/decisions/031-the-express-edge.md).
  app.use(limitConnections({ sendTimeoutMs: env.SEND_TIMEOUT_MS }));
  app.use(requestLogger());
  app.use(
    securityHeaders({
      apiOrigin: new URL(env.API_URL).origin,
      uploadOrigins: env.UPLOAD_ORIGINS,
      development: viteDevServer,
    }),
  );
  app.use(refuseUnknownMethods);
  app.use(refuseMalformedPaths);
  // Probes need no host (a load balancer may check over HTTP/1.0 without one).
  app.use(healthRoutes(env.API_URL, renderProbe(build, env.NODE_ENV)));
  app.use(refuseBadHosts);
  app.use(forwardedHost);
  // Pages are compressed as they stream; scripts and styles were compressed at build time.
  // Brotli 4 costs about two thirds of brotli 5's CPU on our pages (0.5 against 0.8 ms for
  // /users), for 7-8% more bytes, and is still 2-5% smaller than gzip 6 (docs/performance.md#compression).
  // With its default 4 MB window (lgwin 22) the native memory the allocator keeps for the streams
  // settled above 300 MB under 20 connections. A 256 KB window is larger than any page, so pages
  // come out the same size, and RSS stays near gzip's (docs/performance.md#memory).
  app.use(
    compression({
      brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
  );
  app.use(refuseCrossSiteWrites);
  app.use(refuseExpensiveReads);
  app.use(limitBodySize);

  if (!viteDevServer) serveBuiltClientFiles(app);

  app.all(
    "/{*path}",
    serverTiming,
    createRequestHandler({
      // allowedActionOrigins stays as configured (none): with trust proxy and forwardedHost,
      // request.url carries the public origin, so same-origin actions pass behind a proxy
      // without allowing any other origin.
      build,
      mode: env.NODE_ENV,
      getLoadContext: (req, res) =>
        withServerTiming(
          res,
          createRouterContext({ nonce: res.locals.nonce as string, clientIp: req.ip ?? "unknown" }),
        ),
    }),
  );

  app.use(errorHandler);
  return app;
}

/**
 * One warning per app link left unset: the email pages (verify, accept-invite, get-app, the reset
 * and sign-in results) then tell those visitors the app link is not available yet (docs/operations.md).
 */
export function missingAppLinkWarnings(env: Pick<Env, "ANDROID_APP_URL" | "IOS_APP_URL" | "APP_DOWNLOAD_URL">) {
  const warnings: string[] = [];
  if (!env.ANDROID_APP_URL) {
    warnings.push("ANDROID_APP_URL is not set: Android visitors are told the app link is not available yet");
  }
  if (!env.IOS_APP_URL) {
    warnings.push("IOS_APP_URL is not set: iPhone and iPad visitors are told the app link is not available yet");
  }
  if (!env.APP_DOWNLOAD_URL) {
    warnings.push(
      "APP_DOWNLOAD_URL is not set: visitors on other devices (desktops) get only the store links that are set, or are told the app link is not available yet",
    );
  }
  return warnings;
}

/** build/client: the hashed assets (precompressed, cached forever) and the public/ files. */
function serveBuiltClientFiles(app: express.Express) {
  // Hashed file names: cache forever. A missing asset is a plain 404, not a rendered page.
  app.use(
    "/assets",
    precompressed(assetsDir),
    express.static(assetsDir, { immutable: true, maxAge: "1y", index: false }),
  );
  app.use("/assets", (_req, res) => void res.status(404).type("text/plain").send("Not found"));
  // public/ files keep their names, so they may change between releases. Only their paths reach
  // the disk: a page request costs no stat of a file that cannot exist.
  const publicFiles = publicFilePaths();
  const servePublic = express.static(clientDir, { maxAge: "1h", index: false });
  app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
}

/** The URL paths of the public/ files the build copied to build/client ("/favicon.svg"). */
function publicFilePaths(): Set<string> {
  const files = readdirSync(clientDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  const paths = files.map(
    (entry) => `/${path.relative(clientDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`,
  );
  return new Set(paths.filter((file) => !file.startsWith("/assets/") && !file.startsWith("/.vite/")));
}

const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  // A client's mistake that reached Express (a bad header, an unreadable body) keeps its 4xx and
  // is logged as a warning without a stack: nothing on the server is broken.
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) {
    logLine("warn", "request refused", {
      requestId: req.id,
      status,
      reason: String((error as Error).message ?? error),
    });
    if (res.headersSent) res.destroy();
    else
      res
        .status(status)
        .type("text/plain")
        .send(STATUS_CODES[status] ?? "Bad Request");
    return;
  }
  logLine("error", "request failed", {
    requestId: req.id,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(500).type("text/plain").send("Internal Server Error");
};
