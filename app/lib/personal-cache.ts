/**
 * Cache-Control of every answer made from the request's cookies or a token in its URL (every
 * page and data answer, a token page's redirects): neither a browser nor a shared cache keeps it.
 */
export const PERSONAL_CACHE_CONTROL = "private, no-store";
