import { Writable } from "node:stream";

import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";

import { NonceProvider } from "~/components/nonce";
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

/**
 * The router context with only this page's routes (its matches and their parents) in the
 * manifest that ServerRouter turns into route objects on every render: the page renders nothing
 * else, and the browser reads the whole manifest from its own file (routeDiscovery "initial",
 * decision 031). Without it every page built all of the panel's routes anew (decision 069).
 */
function withThisPagesRoutes(context: EntryContext): EntryContext {
  const all = context.manifest.routes;
  const routes: typeof all = {};
  for (const { route } of context.staticHandlerContext.matches) {
    for (let id: string | undefined = route.id; id !== undefined && !(id in routes); id = all[id]?.parentId)
      routes[id] = all[id];
  }
  return { ...context, manifest: { ...context.manifest, routes } };
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

    // The timer exists before anything can throw, and every way out clears it: a render that
    // throws at once, a shell error, or the whole document. Until React hands back its abort,
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
          <ServerRouter context={withThisPagesRoutes(routerContext)} url={request.url} nonce={nonce} />
        </NonceProvider>,
        {
          nonce,
          onShellReady() {
            shellRendered = true;
          },
          // Everyone gets the complete document in one piece, with its length (decision 069). The
          // panel's loaders await their data, so all that is left once React has the shell is
          // React Router's copy of that data for the browser, ready a few ticks later: waited for,
          // it goes out inline in the same write, not as a streamed boundary with React's script
          // to swap it in, and the page leaves in one socket write instead of a stream's several.
          // A loader that returned a promise would hold the whole page until it settled.
          onAllReady() {
            const chunks: Buffer[] = [];
            const body = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                const html = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
                responseHeaders.set("Content-Type", "text/html; charset=utf-8");
                responseHeaders.set("Content-Length", String(html.byteLength));
                // A Buffer's memory is an ArrayBuffer (never shared): the body as the Response wants it.
                const bytes = new Uint8Array(html.buffer as ArrayBuffer, html.byteOffset, html.byteLength);
                resolve(new Response(bytes, { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            body.on("error", fail);
            pipe(body);
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
