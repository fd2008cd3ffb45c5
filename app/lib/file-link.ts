/**
 * A file link from the upstream (avatar, certificate, passport, image) that is safe to put in an
 * href or src: resolved against `base` (the API's address, where relative paths live), and only
 * when it comes out as http(s); anything else (javascript:, data:, junk) is dropped.
 */
export function resolveFileLink(link: string | null | undefined, base: string): string | null {
  const value = link?.trim();
  if (!value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * A file link the panel's server may fetch itself, or null: http(s), no user name or password in
 * it, and on one of `origins` (the API's own and those an operator listed in FILE_ORIGINS).
 * Anything else (another host, another port of the same machine, `file:`) is never asked.
 */
export function fetchableFileUrl(link: string | null | undefined, base: string, origins: Iterable<string>): URL | null {
  const resolved = resolveFileLink(link, base);
  if (!resolved) return null;
  const url = new URL(resolved);
  if (url.username || url.password) return null;
  return new Set(origins).has(url.origin) ? url : null;
}

/** True for an absolute http(s) URL with a host: what the upstream accepts as an image link. */
export function isAbsoluteUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
