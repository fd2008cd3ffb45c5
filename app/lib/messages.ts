/** The load-failure text of the announcement, post, invite and badge lists (docs/product.md#toasts-and-error-handling). */
export const LIST_LOAD_ERROR = "Some error occurred while fetching data";

/** What the announcements screen says when a dialog's announcement no longer exists (the upstream's own 404 text). */
export const ANNOUNCEMENT_NOT_FOUND = "Announcement not found";
