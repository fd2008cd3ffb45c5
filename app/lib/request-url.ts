/** True when the browser reached the panel over HTTPS (directly or through a trusted proxy). */
export function isSecureRequest(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

/** The path and query of the request, as a panel-relative location. */
export function currentLocation(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}
