/**
 * The one gate for redirect targets that come from a request (`redirectTo` of the sign-in form and
 * of the sidebar toggle). Every such target goes through `safeRedirect` before it reaches a
 * Location header or a hidden input.
 */

/** A stand-in origin: only whether a target stays on it matters, never its name. */
const PANEL_ORIGIN = "http://panel.invalid";

/** Control characters (browsers strip tabs and newlines, so `/\t/evil.test` becomes `//evil.test`) and backslashes. */
// eslint-disable-next-line no-control-regex -- control characters are what it rejects
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/** A path a browser reads as protocol-relative (`//host`, `/\host`): another site. */
const OFF_SITE_PATH = /^\/[/\\]/;

/**
 * Returns `target` as a path on the panel itself, else `fallback`. The target is resolved
 * against the panel's origin and only the resolved path, query and hash are sent, never the raw
 * input: `/.//evil.test` resolves on the panel yet its path is `//evil.test`, which a browser
 * reads as another site, so such a path falls back too.
 */
export function safeRedirect(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/")) return fallback;
  if (UNSAFE_CHARACTERS.test(target)) return fallback;

  let resolved: URL;
  try {
    resolved = new URL(target, PANEL_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== PANEL_ORIGIN) return fallback;

  const path = resolved.pathname;
  if (OFF_SITE_PATH.test(path)) return fallback;
  // The same checks on the decoded path: a later step that decodes it (a router, a proxy)
  // must not find `//`, a backslash or a control character in it either.
  const decoded = decodedPath(path);
  if (decoded === null || UNSAFE_CHARACTERS.test(decoded) || OFF_SITE_PATH.test(decoded)) return fallback;

  return `${path}${resolved.search}${resolved.hash}`;
}

/** The percent-decoded path, or null when it holds a malformed escape. */
function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}
