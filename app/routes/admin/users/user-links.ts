/**
 * The links from the users list to a user's pages. Each carries `back`: the list's page (path and
 * query) that the page's Back link, or a failed download, returns to. The pages read it through
 * BackLink (./shared.tsx) and passport.tsx, checked by safeRedirect like every redirect target.
 * And which of the users screens' URLs open the ban confirmation (opensBan).
 */

/** The name of the query parameter that carries the list's URL. */
export const BACK_PARAM = "back";

function withBack(path: string, back: string): string {
  return `${path}?${new URLSearchParams({ [BACK_PARAM]: back })}`;
}

/** The user details link of a users list row. */
export function detailsHref(id: string, back: string): string {
  return withBack(`/users/${encodeURIComponent(id)}`, back);
}

/** The View Invites link of a users list row. */
export function invitesHref(id: string, back: string): string {
  return withBack(`/users/view-invites/${encodeURIComponent(id)}`, back);
}

/** The Download Passport link of a users list row. */
export function passportHref(id: string, back: string): string {
  return withBack(`/users/${encodeURIComponent(id)}/passport`, back);
}

/** The Download certificate link of a users list row: opened through the panel, which records it. */
export function certificateHref(id: string, back: string): string {
  return withBack(`/users/${encodeURIComponent(id)}/certificate`, back);
}

/**
 * Whether a users screen's URL opens the ban confirmation: its loader then reads the saved ban
 * messages (docs/product.md#saved-messages), and opening it loads them with JavaScript too (decision 084).
 */
export const opensBan = (params: URLSearchParams) => params.get("confirm") === "ban";
