/**
 * The citizenship queue's addresses (docs/product.md#citizenship-queue), as user-links.ts holds a
 * member's; no server code, so the page's component may import it.
 */

/** The queue's own address: the oldest pending request this admin may review. */
export const QUEUE_PATH = "/badge-requests/review";

/** One request's address in the queue, a link another admin can open. */
export const requestPath = (id: string) => `${QUEUE_PATH}/${encodeURIComponent(id)}`;

/** The member's History: the audit trail filtered to them, their citizenship request and posts (decision 060). */
export const memberHistoryHref = (id: string) => `/audit?${new URLSearchParams({ kind: "member", target: id })}`;
