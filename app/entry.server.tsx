import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

import { NonceProvider } from "~/components/nonce";
import { burstStream } from "~/lib/burst-stream.server";
import { logLine } from "~/lib/log.server";
import { PERSONAL_CACHE_CONTROL } from "~/lib/personal-cache";
import { requestFactsContext } from "~/server-context";

export const streamTimeout = 5_000;

// Every page and every data answer is made from the request's cookies (the signed-in admin, a
// flash toast, the email a public page remembers), so no browser or shared cache may keep one:
// handleRequest and handleDataRequest say so for all of them at once, rather than route by route.
// Assets are served before React Router runs and keep their long-lived caching (server/app.ts).

/** Marks every loader and action data answer (`.data` requests) as personal: never cached. */
export function handleDataRequest(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Errors React Router catches in loaders, actions and rendering, logged as one JSON line. */
export function handleError(error: unknown, { request }: { request: Request }) {
  // Aborted requests (the browser went away) are not errors worth a log line.
  if (request.signal.aborted) return;
  logLine("error", "unhandled route error", {
    method: request.method,
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  responseHeaders.set("Cache-Control", PERSONAL_CACHE_CONTROL);
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext.get(requestFactsContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots get the complete document in one piece; browsers get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // The timer exists before anything can throw, and every way out clears it: a render that
    // throws at once, a shell error, or the end of the stream. Until React hands back its abort,
    // there is nothing to abort.
    let abortRender: (() => void) | undefined;
    const timeoutId = setTimeout(() => abortRender?.(), streamTimeout + 1000);
    const fail = (error: unknown) => {
      clearTimeout(timeoutId);
      reject(error);
    };

    try {
      const { pipe, abort } = renderToPipeableStream(
        <NonceProvider value={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </NonceProvider>,
        {
          nonce,
          [readyOption]() {
            shellRendered = true;
            // React's 2 KB writes leave as one chunk per burst (see burstStream).
            const body = burstStream({
              final(callback) {
                clearTimeout(timeoutId);
                callback();
              },
            });
            body.on("close", () => clearTimeout(timeoutId));
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            pipe(body);
            resolve(
              new Response(createReadableStreamFromReadable(body), {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            );
          },
          onShellError: fail,
          onError(error: unknown) {
            responseStatusCode = 500;
            // Errors before the shell reach handleError through React Router itself.
            if (shellRendered) handleError(error, { request });
          },
        },
      );
      abortRender = abort;
    } catch (error) {
      fail(error);
    }
  });
}
