import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/list";
import { PLAN_TABLE, PlanListActionSchema } from "./plan-actions.server";
import { formatPrice } from "./format";
import { PLAN_CONFIRMATIONS } from "./plan-actions";
import { DownloadCsvLink } from "~/components/ui/download-csv-link";
import { Badge } from "~/components/ui/badge";
import { buttonClass, ButtonLink } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";
import { auditHistoryHref } from "~/routes/admin/audit/filters";
import { IconAction } from "~/components/ui/icon-action";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { PageHeader } from "~/components/ui/page-header";
import { Tooltip } from "~/components/ui/tooltip";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { paginate, parsePaging } from "~/lib/pagination";
import { requireUser } from "~/session/user.server";
import { listPlans, syncPlans } from "~/upstream/memberships.server";
import { may } from "~/session/permissions";
import type { Confirmations } from "~/recipe/confirmation";
import { MutationForm, useIsPending } from "~/recipe/mutation-form";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { rowAction, tableRowAction } from "~/recipe/outcome.server";
import { requireReauthentication } from "~/recipe/reauthentication.server";
import { loadFailure } from "~/recipe/failure.server";

/** The list's load failure text (docs/product.md#memberships-list). */
const LOAD_ERROR = "Error loading memberships. Please try again.";

// The confirmation dialog loads when it opens, not with the page (decision 026).
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  // What the admin's role offers (permissions.ts): plans' changes, Sync and Create; the file.
  const isAdmin = may(user.panelRole, "plans");
  const canExport = may(user.panelRole, "export");
  const canAudit = may(user.panelRole, "read-audit");
  const paging = parsePaging(new URL(request.url).searchParams);
  try {
    // Admins see every plan, other roles the active ones (docs/product.md#roles-and-permissions).
    const plans = await listPlans(request, user.role);
    const rows = plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: formatPrice(plan.price),
      isActive: plan.isActive,
    }));
    const { items, pageInfo } = paginate(rows, paging);
    return { rows: items, pageInfo, isAdmin, canExport, canAudit, error: null };
  } catch (error) {
    return loadFailure(error, { rows: [], pageInfo: undefined, isAdmin, canExport, canAudit, error: LOAD_ERROR });
  }
}

/** A plan's row actions (the table, plan-actions.server.ts), posted by their confirmations, and Sync (docs/product.md#memberships-list). */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, PlanListActionSchema);
    if (!submission.ok) return submission.rejected;
    const posted = submission.value;
    switch (posted.intent) {
      case "activate":
      case "deactivate":
        return rowAction(request, back, tableRowAction(request, PLAN_TABLE, posted.intent, posted.id));
      case "delete":
        // Deleting a plan asks for a fresh re-authentication first (decision 080).
        await requireReauthentication(request, `Delete plan ${posted.id}`, back);
        return rowAction(request, back, tableRowAction(request, PLAN_TABLE, posted.intent, posted.id));
      case "sync":
        // The list loads afresh; a success shows the server's message, a failure is only logged, never shown.
        return rowAction(request, back, {
          target: { kind: "list", id: "memberships" },
          action: "sync",
          send: () => syncPlans(request),
          failed: { log: "membership sync failed" },
        });
      default:
        return unhandledIntent(posted);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Memberships · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

type PlanRow = Route.ComponentProps["loaderData"]["rows"][number];

/** How each intent of the list is confirmed: the plan actions ask (admins only), Sync posts at once. */
const LIST_CONFIRMATIONS: Confirmations<PlanRow> = { ...PLAN_CONFIRMATIONS, sync: { asks: "nothing" } };

export default function Memberships({ loaderData }: Route.ComponentProps) {
  const { rows, pageInfo, isAdmin, canExport, canAudit, error } = loaderData;
  const location = useLocation();
  const closeTo = closeDialogHref(location.pathname, location.search);

  const columns: DataTableColumn<PlanRow>[] = [
    {
      id: "plan",
      header: "Plan",
      cell: (plan) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            to={`/memberships/view/${plan.id}`}
            className="font-medium text-slate-900 hover:text-brand-800 hover:underline"
          >
            {plan.name}
          </Link>
          {plan.isActive ? null : <Badge tone="gray">Inactive</Badge>}
        </span>
      ),
    },
    { id: "price", header: "Price", className: "whitespace-nowrap tabular-nums", cell: (plan) => plan.price },
    {
      id: "actions",
      header: "Actions",
      className: "text-right",
      cell: (plan) => <RowActions plan={plan} isAdmin={isAdmin} canAudit={canAudit} />,
    },
  ];

  return (
    <div className="space-y-6">
      <PageHeader
        title="Memberships"
        actions={
          <>
            {isAdmin ? (
              <MutationForm action={closeTo} preventScrollReset>
                <Tooltip label="Refresh data" side="bottom">
                  <SyncButton />
                </Tooltip>
              </MutationForm>
            ) : null}
            {canExport ? <DownloadCsvLink csvPath="/memberships.csv" /> : null}
            {isAdmin ? (
              <ButtonLink to="/memberships/create">
                <Icon name="solid-plus" className="size-4" />
                Create
              </ButtonLink>
            ) : null}
          </>
        }
      />

      {error ? (
        <EmptyState card tone="error" title={error} />
      ) : (
        <DataTable
          caption="Membership plans"
          columns={columns}
          rows={rows}
          rowKey={(plan) => plan.id}
          pageInfo={pageInfo}
        />
      )}

      {isAdmin && new URLSearchParams(location.search).has("confirm") ? (
        <ConfirmDialog confirmations={LIST_CONFIRMATIONS} rows={rows} action={closeTo} />
      ) : null}
    </div>
  );
}

/** Sync (docs/product.md#memberships-list): its form's submit button, spinning while the sync is on its way. */
function SyncButton() {
  const syncing = useIsPending();
  return (
    <button
      type="submit"
      name="intent"
      value="sync"
      disabled={syncing}
      aria-label="Sync"
      className={buttonClass("secondary")}
    >
      <Icon name="solid-arrow-path" className={`size-4 ${syncing ? "animate-spin" : ""}`} />
      Sync
    </button>
  );
}

/** View Details for everyone; Edit, Activate or Deactivate and Delete for admins (docs/product.md#memberships-list). */
function RowActions({ plan, isAdmin, canAudit }: { plan: PlanRow; isAdmin: boolean; canAudit: boolean }) {
  const location = useLocation();
  const open = (confirm: string) => dialogHref(location.pathname, location.search, { confirm, id: plan.id });
  return (
    <div className="row-actions gap-0 sm:gap-1">
      <IconAction
        to={`/memberships/view/${plan.id}`}
        label="View Details"
        item={plan.name}
        icon="solid-eye"
        align={isAdmin ? "center" : "end"}
      />
      {canAudit ? (
        <IconAction
          to={auditHistoryHref("plan", plan.id)}
          label="History"
          name={`History of ${plan.name}`}
          icon="solid-clock"
        />
      ) : null}
      {isAdmin ? (
        <>
          <IconAction
            to={`/memberships/edit/${plan.id}`}
            label="Edit Membership"
            item={plan.name}
            icon="solid-pencil-square"
          />
          {plan.isActive ? (
            <IconAction
              to={open("deactivate")}
              label="Deactivate"
              item={plan.name}
              icon="solid-no-symbol"
              tone="danger"
            />
          ) : (
            <IconAction
              to={open("activate")}
              label="Activate"
              item={plan.name}
              icon="solid-check-circle"
              tone="success"
            />
          )}
          <IconAction
            to={open("delete")}
            label="Delete Membership"
            item={plan.name}
            icon="solid-trash"
            tone="danger"
            align="end"
          />
        </>
      ) : null}
    </div>
  );
}
