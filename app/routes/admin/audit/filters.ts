import type { AuditTarget } from "~/audit/entry";

/** The kinds of target an entry can name, as the target filter offers them. */
export const TARGET_KIND_LABELS: Record<AuditTarget["kind"], string> = {
  user: "User",
  "badge-request": "Citizenship request",
  post: "Post",
  announcement: "Announcement",
  plan: "Membership plan",
  list: "List",
  session: "Session",
  note: "Staff note",
  "saved-message": "Saved message",
  page: "Page",
};

/**
 * The target filter's choices: each kind, and "Member": a user id's entries with those about their
 * citizenship request and their posts (decision 060; user details' "See all" link).
 */
export const TARGET_FILTER_LABELS: Record<AuditTarget["kind"] | "member", string> = {
  member: "Member (with their request and posts)",
  ...TARGET_KIND_LABELS,
};

/** The filters of /audit as the URL has them (and as the form shows them back). */
export interface AuditFilters {
  admin: string;
  action: string;
  kind: string;
  result: string;
  target: string;
  batch: string;
  from: string;
  to: string;
}

/** /audit filtered to one item: a row's "History" link (announcements, membership plans). */
export function auditHistoryHref(kind: AuditTarget["kind"], id: string): string {
  return `/audit?${new URLSearchParams({ kind, target: id })}`;
}
