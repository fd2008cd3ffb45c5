import { useLocation, useNavigation } from "react-router";

import { closeDialogHref } from "~/lib/dialog-url";

/**
 * True while another state of this screen's list loads, with JavaScript: a page, a filter, a
 * search, or the reload after a submission. Not while a dialog only opens or closes.
 */
export function useListReloading(): boolean {
  const location = useLocation();
  const navigation = useNavigation();
  const next = navigation.location;
  if (navigation.state !== "loading" || !next || next.pathname !== location.pathname) return false;
  return (
    navigation.formMethod !== undefined ||
    closeDialogHref(next.pathname, next.search) !== closeDialogHref(location.pathname, location.search)
  );
}
