import type { RequestHandler, Response } from "express";
import type { RouterContextProvider } from "react-router";

import { userFromCookieHeader } from "~/session/user.server";
import { ServerTimingRecorder, serverTimingContext } from "~/upstream/server-timing.server";

/**
 * Server-Timing on every React Router response (documents, `.data` requests, redirects): one
 * entry per upstream call made while answering it, and `total`, the time until the headers
 * went out. The header is written with the status line, so a call that ends after that (data a
 * loader streams with a promise; the panel's loaders return none) cannot be in it.
 * Only a signed-in admin sees the upstream entries; anyone else gets `total` alone.
 */
export const serverTiming: RequestHandler = (req, res, next) => {
  const recorder = new ServerTimingRecorder({ showCalls: isSignedIn(req.headers.cookie) });
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    // Appended, so a route's own Server-Timing entries stay.
    if (!res.headersSent) res.appendHeader("Server-Timing", recorder.header());
    return writeHead.apply(this, args);
  } as typeof writeHead;
  res.locals.serverTiming = recorder;
  next();
};

/** Hands the request's recorder to React Router: the upstream client finds it in the router context. */
export function withServerTiming(res: Response, context: RouterContextProvider): RouterContextProvider {
  context.set(serverTimingContext, (res.locals.serverTiming as ServerTimingRecorder | undefined) ?? null);
  return context;
}

/**
 * True when the Cookie header carries a `user` cookie the panel signed (a sign-in it answered)
 * with a role: the same test the admin shell applies. A cookie that is merely present, forged
 * or tampered with counts as anonymous.
 */
export function isSignedIn(cookieHeader: string | undefined): boolean {
  // Most anonymous requests carry no user cookie at all: no signature to check.
  if (!cookieHeader || !/(?:^|;)\s*user=/.test(cookieHeader)) return false;
  return userFromCookieHeader(cookieHeader).role !== null;
}
