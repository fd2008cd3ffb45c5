/**
 * The one place per-request values live: React Router's router context, one per request
 * (docs/decisions/045-layers-that-point-one-way.md). Loaders, actions and middleware get it as
 * `context`; code called without it (the upstream client, which is called with `request` only)
 * reaches the current request's context here. The root middleware enters it first thing, so
 * everything a request runs, a request detached from its client included (runOnce), sees the
 * same values.
 */
import { AsyncLocalStorage } from "node:async_hooks";

import { createContext, type MiddlewareFunction, type RouterContext, type RouterContextProvider } from "react-router";

type RequestContext = Readonly<RouterContextProvider>;

const current = new AsyncLocalStorage<RequestContext>();

/** Runs `fn`, and everything it starts, as part of the request whose router context is `context`. */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return current.run(context, fn);
}

/** Root middleware, first of all: the rest of the request runs with its router context current. */
export const enterRequestContext: MiddlewareFunction<Response> = ({ context }, next) =>
  withRequestContext(context, next);

/** The router context of the request being served; undefined outside a request (a unit test). */
export function requestContext(): RequestContext | undefined {
  return current.getStore();
}

/** The request's value under `key`, made by `make` on first use; undefined outside a request. */
function requestSlot<T>(key: RouterContext<T | null>, make: () => T): T | undefined {
  const context = requestContext();
  if (!context) return undefined;
  let value = context.get(key);
  if (value === null) {
    value = make();
    context.set(key, value);
  }
  return value;
}

/**
 * A value worked out once per request from its request and shared by everything that asks while
 * the request runs (middleware, loaders, the action, a detached copy of the request): the form
 * body, which can be read only once, or the signed-in user, whose cookie check is an HMAC. It
 * lives in the request's router context, so nothing outlives the request. Outside a request it
 * is worked out on each call.
 */
export function oncePerRequest<T>(read: (request: Request) => T): (request: Request) => T {
  const key = createContext<{ value: T } | null>(null);
  return (request) => (requestSlot(key, () => ({ value: read(request) })) ?? { value: read(request) }).value;
}

/**
 * A record of the current request that code fills in as it runs (the revocation verdicts, the
 * count of upstream sends), made empty on first use; undefined outside a request.
 */
export function requestRecord<T>(empty: () => T): () => T | undefined {
  const key = createContext<T | null>(null);
  return () => requestSlot(key, empty);
}
