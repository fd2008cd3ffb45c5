/**
 * The citizenship queue's addresses and the texts its page and its action share
 * (docs/product.md#citizenship-queue); no server code, so the page's component may import it.
 */

/** The queue's own address: the oldest pending request this admin may review. */
export const QUEUE_PATH = "/badge-requests/review";

/** One request's address in the queue, a link another admin can open. */
export const requestPath = (id: string) => `${QUEUE_PATH}/${encodeURIComponent(id)}`;

/** The message a rejection offers to send to the member, which the admin may change or clear. */
export const DEFAULT_MEMBER_MESSAGE =
  "Your citizenship request was not approved this time. Please check your documents in the app and apply again.";

/** The member's History: the audit trail filtered to them, their citizenship request and posts (decision 060). */
export const memberHistoryHref = (id: string) => `/audit?${new URLSearchParams({ kind: "member", target: id })}`;
