import { useLocation } from "react-router";

import { Link, type LinkProps } from "~/components/ui/link";
import { DIALOG_PARAMS } from "~/lib/dialog-url";

/** A query that names a dialog param (`confirm=ban&id=4`, `new`, `edit=3`...). */
const DIALOG_QUERY = new RegExp(`(?:^|&)(?:${DIALOG_PARAMS.join("|")})(?:[=&]|$)`);

/** True when `to` is this screen with a dialog open (`?confirm=ban&id=4`, `?new`, `?edit=3`...). */
function opensDialogHere(to: string, pathname: string): boolean {
  const query = to.indexOf("?");
  if (query === -1) return false;
  const path = to.slice(0, query);
  if (path !== "" && path !== pathname) return false;
  const hash = to.indexOf("#", query);
  return DIALOG_QUERY.test(to.slice(query + 1, hash === -1 ? undefined : hash));
}

/**
 * The panel's in-app link. One that only opens a URL-state dialog on this screen replaces the
 * history entry (with JavaScript), like its Cancel and its outcome do (decision 019), so Back
 * leaves the screen instead of reopening a dialog the admin already closed; any other adds one,
 * also to the page it is on. Without JavaScript it is a plain link.
 */
export function DialogLink({ to, replace, ...props }: LinkProps) {
  const { pathname, search } = useLocation();
  const replaces =
    replace ?? (opensDialogHere(to, pathname) ? true : to === `${pathname}${search}` ? false : undefined);
  return <Link to={to} replace={replaces} {...props} />;
}
