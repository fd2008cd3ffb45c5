/**
 * Pieces the three users screens share (not a route: app/routes.ts does not list it): the back
 * link of the invites and details pages and the invite status cell.
 */
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";

import { BACK_PARAM } from "./user-links";

import { StatusBadge } from "~/components/ui/badge";
import type { DataTableColumn } from "~/components/ui/data-table";
import { Icon } from "~/components/ui/icon";
import { safeRedirect } from "~/session/safe-redirect";

/** True when going back in history stays in the panel (docs/product.md#user-invites: "or /users when there is little history"). */
function canGoBack(): boolean {
  if (window.history.length <= 1) return false;
  if (window.history.length > 2) return true;
  try {
    return document.referrer !== "" && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A back link: with JavaScript it goes back in history when there is panel history to go back
 * to; otherwise (and without JavaScript) it is a plain link to the list page the `back` param
 * names (the list's links carry it: ./user-links.ts), checked like every redirect, else `fallback`.
 */
export function BackLink({
  fallback = "/users",
  children,
  className,
}: {
  fallback?: string;
  children: ReactNode;
  className?: string;
}) {
  const [params] = useSearchParams();
  return (
    <Link
      to={safeRedirect(params.get(BACK_PARAM), fallback)}
      className={
        className ?? "inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
      }
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        if (canGoBack()) {
          event.preventDefault();
          window.history.back();
        }
      }}
    >
      {className ? null : <Icon name="solid-arrow-left" className="size-4" />}
      {children}
    </Link>
  );
}

/** An invite status: a badge for the statuses the screen knows, the raw text for any other. */
export function InviteStatusBadge({ status, known }: { status: string; known: readonly string[] }) {
  return known.includes(status.toLowerCase()) ? (
    <StatusBadge status={status}>{capitalize(status)}</StatusBadge>
  ) : (
    <span className="text-slate-700">{status}</span>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

import { EmailText } from "~/components/ui/email-text";

export { EmailText };

/** The status filter of both invite tables (docs/product.md#user-invites and docs/product.md#user-details). */
export const INVITE_STATUS_OPTIONS = [
  { value: "", label: "All" },
  { value: "approved", label: "Approved" },
  { value: "pending", label: "Pending" },
  { value: "rejected", label: "Rejected" },
];

/** One row of an invite table, as the loaders shape it. */
export interface InviteRow {
  id: string;
  email: string;
  status: string;
  date: string;
}

/** The columns of an invite table; `known` are the statuses shown as badges (others raw). */
export function inviteColumns(known: readonly string[]): DataTableColumn<InviteRow>[] {
  return [
    { id: "email", header: "Email", cell: (invite) => <EmailText value={invite.email} /> },
    { id: "status", header: "Status", cell: (invite) => <InviteStatusBadge status={invite.status} known={known} /> },
    { id: "date", header: "Invite Date", className: "whitespace-nowrap", cell: (invite) => invite.date },
  ];
}
