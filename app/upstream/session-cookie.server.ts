/**
 * The upstream's session cookie travels through the panel: the browser holds it for the panel's
 * host, the panel forwards it (and nothing else) to the upstream, and relays any new value back.
 */

/** Reads one cookie's raw value from a Cookie header. */
export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * Rewrites an upstream Set-Cookie for the panel's host: no Domain, HttpOnly, SameSite=Lax,
 * Secure only when the panel is served over HTTPS; the lifetime and path are kept.
 */
export function rewriteSetCookie(setCookie: string, secure: boolean): string {
  const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
  const kept = attributes.filter((attribute) => {
    const key = attribute.split("=")[0]!.toLowerCase();
    return key === "max-age" || key === "expires";
  });
  return [pair, "Path=/", ...kept, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/** The Set-Cookie lines of an upstream answer that concern the named cookie. */
export function sessionSetCookies(headers: Headers, name: string): string[] {
  return headers.getSetCookie().filter((line) => line.trimStart().startsWith(`${name}=`));
}

/** A Set-Cookie line that removes the named cookie from the browser. */
export function expireCookie(name: string, secure: boolean): string {
  return [`${name}=`, "Path=/", "Max-Age=0", "Expires=Thu, 01 Jan 1970 00:00:00 GMT", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}
