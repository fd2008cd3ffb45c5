import type { RequestHandler } from "express";

import { ServerTimingRecorder } from "~/upstream/server-timing.server";

/**
 * Server-Timing on every React Router response (documents, `.data` requests, redirects): one
 * entry per upstream call made while answering it, and `total`, the time until the headers
 * went out. The header is written with the status line, so a call that ends after that (data a
 * loader streams with a promise; the panel's loaders return none) cannot be in it.
 */
export const serverTiming: RequestHandler = (_req, res, next) => {
  const recorder = new ServerTimingRecorder();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    // Appended, so a route's own Server-Timing entries stay.
    if (!res.headersSent) res.appendHeader("Server-Timing", recorder.header());
    return writeHead.apply(this, args);
  } as typeof writeHead;
  recorder.run(next);
};
