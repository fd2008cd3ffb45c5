import { useLocation } from "react-router";

import { Avatar } from "~/components/ui/avatar";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { EmailText } from "~/components/ui/email-text";
import { Icon } from "~/components/ui/icon";
import { Tooltip } from "~/components/ui/tooltip";
import type { PageInfo } from "~/lib/pagination";
import { dialogHref } from "~/lib/dialog-url";
import { DialogLink } from "~/components/ui/dialog-link";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import type { Confirmations } from "~/recipe/confirmation";

/** A pending citizenship request as the tables show it. */
export interface BadgeRequestRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  avatar: string | null;
}

/** The two decisions on a request, as icon links that open their confirmation dialogs. */
const DECISIONS = [
  {
    intent: "approve",
    label: "Approve",
    icon: "solid-check",
    className: "text-emerald-700 ring-emerald-200 hover:bg-emerald-50 focus-visible:outline-emerald-600",
  },
  {
    intent: "reject",
    label: "Reject",
    icon: "solid-x-mark",
    className: "text-red-700 ring-red-200 hover:bg-red-50 focus-visible:outline-red-600",
  },
] as const;

// The confirmations load when one opens, not with the table (decision 026).
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

const iconAction =
  "inline-flex size-8 items-center justify-center rounded-md ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-offset-2";

/**
 * Pending citizenship requests with approve and reject icon actions (docs/product.md#dashboard and docs/product.md#citizenship-requests). Each
 * action is a link that opens its confirmation dialog as URL state; the dialog posts
 * `intent=approve|reject&id=` to the current route.
 */
export function BadgeRequestTable({
  confirmations,
  rows,
  pageInfo,
  empty,
  compact = false,
  selectable = false,
  decide = true,
}: {
  /** How each decision is confirmed: the screen's action table (badge-requests/badge-actions.ts). */
  confirmations: Confirmations<BadgeRequestRow>;
  rows: BadgeRequestRow[];
  pageInfo?: PageInfo;
  empty?: React.ReactNode;
  /** Leaves out the phone column, for a narrow card such as the dashboard's. */
  compact?: boolean;
  /** Rows with checkboxes for the list's BulkSelection (the /badge-requests list; not the dashboard). */
  selectable?: boolean;
  /** Whether the admin's role may decide (permissions.ts): without it, no decision is offered. */
  decide?: boolean;
}) {
  const location = useLocation();
  const open = (confirm: string, id: string) => dialogHref(location.pathname, location.search, { confirm, id });

  const columns: DataTableColumn<BadgeRequestRow>[] = [
    {
      id: "user",
      header: "User",
      cell: (row) => (
        <span className="flex items-center gap-3">
          <Avatar src={row.avatar} name={row.name || row.email} size="sm" />
          <span className="font-medium text-slate-900">{row.name || "Not provided"}</span>
        </span>
      ),
    },
    { id: "email", header: "Email", cell: (row) => <EmailText value={row.email} /> },
    ...(compact
      ? []
      : [
          {
            id: "phone",
            header: "Phone",
            cell: (row: BadgeRequestRow) => row.phone || "Not provided",
            className: "hidden whitespace-nowrap md:table-cell",
          },
        ]),
  ];
  if (decide)
    columns.push({
      id: "actions",
      header: "Actions",
      className: "text-right",
      cell: (row) => (
        <span className="flex justify-end gap-2">
          {DECISIONS.map(({ intent, label, icon, className }) => (
            <Tooltip key={intent} label={label}>
              <DialogLink
                to={open(intent, row.id)}
                preventScrollReset
                aria-label={`${label} ${row.name || row.email}`}
                title={label}
                className={`${iconAction} ${className}`}
              >
                <Icon name={icon} className="size-4" />
              </DialogLink>
            </Tooltip>
          ))}
        </span>
      ),
    });

  return (
    <>
      <DataTable
        caption="Pending citizenship requests"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        selectName={selectable ? (row) => row.name || row.email : undefined}
        pageInfo={pageInfo}
        empty={empty}
      />
      {new URLSearchParams(location.search).has("confirm") ? (
        <ConfirmDialog confirmations={confirmations} rows={rows} />
      ) : null}
    </>
  );
}
