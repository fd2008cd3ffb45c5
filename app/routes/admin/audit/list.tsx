import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/list";
import { AuditFilterForm } from "./audit-filters";
import { CursorPager } from "./cursor-pager";
import { loadAuditTrail } from "./list.server";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { PageHeader } from "~/components/ui/page-header";
import { Badge } from "~/components/ui/badge";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { hrefWith } from "~/lib/pagination";
import { type AuditRow, capitalised, recordedAction, RESULT_LABELS } from "~/audit/entry";
import { requireCapability } from "~/session/user.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, "read-audit");
  return loadAuditTrail(request);
}

export const meta: Route.MetaFunction = () => [{ title: "Audit · Admin Dashboard" }];

/** The audit trail (docs/product.md#audit): who did what, newest first, filtered and paged in the URL. */
export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const { entries, older, newer, filters, limit, errors, error } = loaderData;
  const location = useLocation();
  const filtered = Object.values(filters).some(Boolean);

  // Emails, names and upstream paths may be long words: they wrap anywhere (above a readable
  // width), and the time may take two lines, so the table fits its box at 1280 px and Batch,
  // which never wraps, stays in view.
  const columns: DataTableColumn<AuditRow>[] = [
    {
      id: "when",
      header: "When",
      className: "min-w-32",
      cell: (entry) => <time dateTime={entry.at}>{entry.when}</time>,
    },
    {
      id: "admin",
      header: "Admin",
      className: "min-w-48 wrap-anywhere",
      cell: (entry) => entry.admin ?? <span className="text-slate-500">Unknown</span>,
    },
    {
      id: "action",
      header: "Action",
      cell: (entry) => <span className="font-medium text-slate-900">{capitalised(recordedAction(entry.action))}</span>,
    },
    {
      id: "target",
      header: "Target",
      className: "min-w-36 wrap-anywhere",
      cell: (entry) => <TargetCell entry={entry} />,
    },
    { id: "reason", header: "Reason", className: "min-w-24 wrap-anywhere", cell: (entry) => entry.reason ?? "" },
    {
      id: "result",
      header: "Result",
      className: "min-w-32 wrap-anywhere",
      cell: (entry) => {
        const [label, tone] = RESULT_LABELS[entry.result];
        return (
          <span className="flex flex-col gap-1">
            <Badge tone={tone}>{entry.status ? `${label} (${entry.status})` : label}</Badge>
            {entry.detail ? <span className="text-xs text-slate-500">{entry.detail}</span> : null}
          </span>
        );
      },
    },
    {
      id: "batch",
      header: "Batch",
      className: "whitespace-nowrap",
      cell: (entry) =>
        entry.batch ? (
          <Link
            to={`/audit?batch=${encodeURIComponent(entry.batch)}`}
            className="font-medium text-brand-700 hover:text-brand-800"
            aria-label={`Batch ${entry.batch}`}
          >
            {entry.batch.slice(0, 8)}
          </Link>
        ) : (
          ""
        ),
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader title="Audit" actions={<DownloadCsvLink csvPath="/audit.csv" />} />

      <AuditFilterForm filters={filters} errors={errors} />

      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : errors ? null : (
        <DataTable
          caption="Audit entries"
          columns={columns}
          rows={entries}
          rowKey={(entry) => String(entry.seq)}
          empty={
            <EmptyState
              icon="outline-clipboard-document-list"
              title={filtered ? "No entries match these filters" : "No entries yet"}
              description={
                filtered ? (
                  <Link
                    to={hrefWith(location.pathname, "", { limit: limit === 25 ? null : limit })}
                    className="font-medium text-brand-700 hover:text-brand-800"
                  >
                    Clear filters
                  </Link>
                ) : (
                  "Every admin action is recorded here."
                )
              }
            />
          }
        />
      )}
      {error || errors ? null : <CursorPager older={older} newer={newer} limit={limit} />}
    </div>
  );
}

/** "Gold (plan 3)"; "plan 3" without a name; "Gold (new plan)" for an item the action created. */
function targetLabel({ kind, id, name }: NonNullable<AuditRow["target"]>): string {
  if (!id) return `${name ?? ""} (new ${kind})`;
  return name ? `${name} (${kind} ${id})` : `${kind} ${id}`;
}

function TargetCell({ entry }: { entry: AuditRow }) {
  const { target } = entry;
  if (!target) return null;
  const label = targetLabel(target);
  if (target.kind === "user") {
    return (
      <Link
        to={`/users/${encodeURIComponent(target.id)}`}
        className="inline-block font-medium text-brand-700 hover:text-brand-800"
      >
        {label}
      </Link>
    );
  }
  return <span>{label}</span>;
}
