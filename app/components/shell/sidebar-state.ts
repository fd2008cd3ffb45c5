/** Cookie that remembers whether the desktop sidebar is expanded (docs/product.md#sidebar). */
export const SIDEBAR_COOKIE = "sidebar_state";
/** It lasts 7 days (docs/product.md#sidebar). */
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;

/** Reads the sidebar state from a Cookie header; expanded unless the cookie says "false". */
export function readSidebarExpanded(cookieHeader: string | null): boolean {
  const match = /(?:^|;\s*)sidebar_state=([^;]*)/.exec(cookieHeader ?? "");
  return match?.[1] !== "false";
}

/** The cookie line for a sidebar state; readable by the page's script, so not HttpOnly. */
export function sidebarCookie(expanded: boolean, secure: boolean): string {
  return `${SIDEBAR_COOKIE}=${expanded}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
