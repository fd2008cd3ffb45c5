import type { ShouldRevalidateFunctionArgs } from "react-router";

/** Search params that only open or close a dialog; they never change a screen's data. */
export const DIALOG_PARAMS = ["confirm", "id", "new", "edit", "notify", "warn"] as const;

/** The current URL plus the params that open a dialog (e.g. `?confirm=ban&id=42`), keeping the rest. */
export function dialogHref(pathname: string, search: URLSearchParams | string, open: Record<string, string>): string {
  const params = new URLSearchParams(search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  // React Router adds `?index` to form posts aimed at an index route; it is not screen state.
  params.delete("index");
  for (const [name, value] of Object.entries(open)) params.set(name, value);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The current URL without any dialog params: where Cancel and a finished action go back to. */
export function closeDialogHref(pathname: string, search: URLSearchParams | string): string {
  return dialogHref(pathname, search, {});
}

/**
 * A route's shouldRevalidate: opening or closing a dialog is a navigation that changes only
 * dialog params, so the screen's data is not fetched again; everything else revalidates as usual.
 */
export function skipRevalidationForDialogs({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const current = closeDialogHref(currentUrl.pathname, currentUrl.search);
  const next = closeDialogHref(nextUrl.pathname, nextUrl.search);
  return current === next ? false : defaultShouldRevalidate;
}
