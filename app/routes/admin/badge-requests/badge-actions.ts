/**
 * The citizenship requests' action table, its browser half (docs/product.md#citizenship-requests):
 * how each decision is confirmed (`?confirm=<intent>&id=<id>`), on the dashboard and
 * /badge-requests. Its server half, keyed the same (badge-actions.server.ts), is typed from these keys.
 */
import type { BadgeRequestRow } from "~/components/moderation/badge-request-table";
import type { Confirmations } from "~/recipe/confirmation";

/** The message a rejection offers to send to the member (the queue's and the bulk Confirm's), which the admin may change or clear. */
export const DEFAULT_MEMBER_MESSAGE =
  "Your citizenship request was not approved this time. Please check your documents in the app and apply again.";

export const BADGE_CONFIRMATIONS = {
  approve: {
    asks: "dialog",
    title: "Approve Citizenship Request",
    description: (row) => `Are you sure you want to approve the citizenship request of ${row.name || row.email}?`,
    confirmLabel: "Approve",
    tone: "primary",
  },
  reject: {
    asks: "dialog",
    title: "Reject Citizenship Request",
    description: (row) => `Are you sure you want to reject the citizenship request of ${row.name || row.email}?`,
    confirmLabel: "Reject",
    tone: "danger",
  },
} satisfies Confirmations<BadgeRequestRow>;

/** A decision on a citizenship request. */
export type BadgeIntent = keyof typeof BADGE_CONFIRMATIONS;
