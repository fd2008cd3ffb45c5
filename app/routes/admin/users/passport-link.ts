/** The Download Passport link of a users list row: `back` is the page (path and query) a failed download returns to. */
export function passportHref(id: string, back: string): string {
  return `/users/${encodeURIComponent(id)}/passport?${new URLSearchParams({ back })}`;
}
