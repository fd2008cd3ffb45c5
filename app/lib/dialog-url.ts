import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * Search params that only open or close a dialog, and go with it when it closes. None changes a
 * screen's data, except `saved`: the saved message a dialog's picker chose (docs/product.md#saved-messages).
 */
export const DIALOG_PARAMS = ["confirm", "id", "new", "edit", "notify", "warn", "saved"] as const;

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
 * So does a saved message chosen (`saved`), and, for a route whose loader reads more while one of
 * its dialogs is open (`readsWhileOpen`: a ban's saved messages), opening that dialog (decision 084).
 */
export function skipRevalidationForDialogs(
  { currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs,
  readsWhileOpen?: (params: URLSearchParams) => boolean,
): boolean {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const [current, next] = [currentUrl.searchParams, nextUrl.searchParams];
  const saved = next.get("saved");
  if (saved !== null && saved !== current.get("saved")) return defaultShouldRevalidate;
  if (readsWhileOpen?.(next) && !readsWhileOpen(current)) return defaultShouldRevalidate;
  const screen = (url: URL) => closeDialogHref(url.pathname, url.search);
  return screen(currentUrl) === screen(nextUrl) ? false : defaultShouldRevalidate;
}
