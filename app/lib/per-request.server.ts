/**
 * A value worked out once per request and shared by everything that asks for it while the
 * request runs (middleware, loaders, the action): the form body, which can be read only once, or
 * the signed-in user, whose cookie check is an HMAC. Keyed by the Request object, so nothing
 * outlives the request.
 */
export function perRequest<T>(read: (request: Request) => T) {
  const values = new WeakMap<Request, T>();
  return {
    /** The request's value, worked out on the first call. */
    get(request: Request): T {
      if (!values.has(request)) values.set(request, read(request));
      return values.get(request) as T;
    },
    /** Gives `to` the value `from` already has, if any (a request detached from its client). */
    share(from: Request, to: Request): void {
      if (values.has(from)) values.set(to, values.get(from) as T);
    },
  };
}
