import type { AuditTarget } from "~/audit/entry";

/** The kinds of target an entry can name, as the target filter offers them. */
export const TARGET_KIND_LABELS: Record<AuditTarget["kind"], string> = {
  user: "User",
  "badge-request": "Citizenship request",
  post: "Post",
  announcement: "Announcement",
  plan: "Membership plan",
  list: "List",
};

/** The filters of /audit as the URL has them (and as the form shows them back). */
export interface AuditFilters {
  admin: string;
  action: string;
  kind: string;
  target: string;
  batch: string;
  from: string;
  to: string;
}
