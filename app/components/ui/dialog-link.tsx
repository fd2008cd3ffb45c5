import { Link, type LinkProps, useLocation } from "react-router";

import { DIALOG_PARAMS } from "~/lib/dialog-url";

/** True when `to` is this screen with a dialog open (`?confirm=ban&id=4`, `?new`, `?edit=3`...). */
function opensDialogHere(to: LinkProps["to"], pathname: string): boolean {
  if (typeof to !== "string" || !to.includes("?")) return false;
  const url = new URL(to, `http://panel${pathname}`);
  return url.pathname === pathname && DIALOG_PARAMS.some((name) => url.searchParams.has(name));
}

/**
 * The panel's in-app link. One that only opens a URL-state dialog on this screen replaces the
 * history entry (with JavaScript), like its Cancel and its outcome do (decision 019), so Back
 * leaves the screen instead of reopening a dialog the admin already closed. Without JavaScript it
 * is a plain link.
 */
export function DialogLink({ to, replace, ...props }: LinkProps) {
  const { pathname } = useLocation();
  return <Link to={to} replace={replace ?? opensDialogHere(to, pathname)} {...props} />;
}
