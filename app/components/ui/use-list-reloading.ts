import { useFetchers, useLocation, useNavigation } from "react-router";

import { closeDialogHref } from "~/lib/dialog-url";

// What the router is loading, not whether a form is pending: that is useIsPending's question
// (app/recipe/mutation-form.tsx), answered by the form's own one-time key.

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

/**
 * True once the router has nothing under way: no navigation, no fetcher. The focus keeper
 * (focus-anchor.ts) waits for it before it puts focus back after an action.
 */
export function useRouterSettled(): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return navigation.state === "idle" && fetchers.every((fetcher) => fetcher.state === "idle");
}
