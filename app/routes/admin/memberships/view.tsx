import { type ReactNode, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";

import type { Route } from "./+types/view";
import { PLAN_TABLE, PlanRowActionSchema } from "./plan-actions.server";
import { PlanLoadError } from "./shared";
import { formatPrice, periodLabel, periodSuffix, planImageSrc, planPeriod } from "./format";
import { PLAN_CONFIRMATIONS } from "./plan-actions";
import { auditHistoryHref } from "~/routes/admin/audit/filters";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { PageHeader } from "~/components/ui/page-header";
import { DetailField } from "~/components/ui/detail-field";
import { lazyDialog } from "~/components/ui/lazy-dialog";
import { env } from "~/config/env.server";
import { closeDialogHref, dialogHref, skipRevalidationForDialogs } from "~/lib/dialog-url";
import { formatDate } from "~/lib/format";
import { requireUser } from "~/session/user.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { rowAction, tableRowAction } from "~/recipe/outcome.server";
import { requireReauthentication } from "~/recipe/reauthentication.server";
import { loadFailure } from "~/recipe/failure.server";
import { imageAnswers } from "~/upstream/file-download.server";
import { getPlan } from "~/upstream/memberships.server";
import { may } from "~/session/permissions";

// The confirmation dialog loads when it opens, not with the page (decision 026).
const ConfirmDialog = lazyDialog(() => import("~/components/ui/confirm-dialog").then((module) => module.ConfirmDialog));

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { API_URL, APP_TIMEZONE } = env();
  try {
    const plan = await getPlan(request, params.id);
    const period = planPeriod(plan.period);
    // Only an image that answers is rendered: without JavaScript a broken one would show (docs/product.md#membership-details).
    const image = planImageSrc(plan.image, new URL(API_URL).origin);
    const shownImage = image && (await imageAnswers(request, image)) ? image : null;
    return {
      found: true as const,
      // What the admin's role offers (permissions.ts).
      isAdmin: may(user.panelRole, "plans"),
      canAudit: may(user.panelRole, "read-audit"),
      plan: {
        id: plan.id,
        name: plan.name,
        price: formatPrice(plan.price),
        periodSuffix: periodSuffix(period),
        periodLabel: periodLabel(period),
        description: plan.description?.trim() ?? "",
        features: plan.features.map((feature) => feature.trim()).filter(Boolean),
        isActive: plan.isActive,
        image: shownImage,
        created: formatDate(plan.createdAt, APP_TIMEZONE),
        updated: formatDate(plan.updatedAt, APP_TIMEZONE),
      },
    };
  } catch (error) {
    return loadFailure(error, { found: false as const });
  }
}

/** The plan's row actions (the table, plan-actions.server.ts), posted by their confirmations (docs/product.md#membership-details). */
export async function action({ request, context }: Route.ActionArgs) {
  return runOnce({ request, context }, async ({ request, form, back }) => {
    const submission = parseSubmission(form, PlanRowActionSchema);
    if (!submission.ok) return submission.rejected;
    const { intent, id } = submission.value;
    switch (intent) {
      case "activate":
      case "deactivate":
        return rowAction(request, back, tableRowAction(request, PLAN_TABLE, intent, id));
      case "delete":
        // Deleting a plan asks for a fresh re-authentication first (decision 080).
        await requireReauthentication(request, `Delete plan ${id}`, back);
        // A deleted plan has no details page left: back to the list.
        return rowAction(request, back, { ...tableRowAction(request, PLAN_TABLE, intent, id), to: "/memberships" });
      default:
        return unhandledIntent(intent);
    }
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Membership Details · Admin Dashboard" }];

export const shouldRevalidate = skipRevalidationForDialogs;

type LoadedPlan = Extract<Route.ComponentProps["loaderData"], { found: true }>["plan"];

export default function MembershipDetails({ loaderData }: Route.ComponentProps) {
  const header = (actions?: ReactNode) => (
    <div>
      <Link
        to="/memberships"
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <Icon name="solid-arrow-left" className="size-4" />
        Memberships
      </Link>
      <div className="mt-3">
        <PageHeader title="Membership Details" subtitle="View membership tier information" actions={actions} />
      </div>
    </div>
  );
  if (!loaderData.found) {
    return (
      <div className="space-y-6">
        {header()}
        <PlanLoadError />
      </div>
    );
  }
  return <Details plan={loaderData.plan} isAdmin={loaderData.isAdmin} canAudit={loaderData.canAudit} header={header} />;
}

function Details({
  plan,
  isAdmin,
  canAudit,
  header,
}: {
  plan: LoadedPlan;
  isAdmin: boolean;
  canAudit: boolean;
  header: (actions?: ReactNode) => ReactNode;
}) {
  const location = useLocation();
  const closeTo = closeDialogHref(location.pathname, location.search);
  const open = (confirm: keyof typeof PLAN_CONFIRMATIONS) =>
    dialogHref(location.pathname, location.search, { confirm, id: plan.id });
  const editHref = `/memberships/edit/${plan.id}`;

  return (
    <div className="space-y-6">
      {header(
        isAdmin ? (
          <>
            <ButtonLink to={editHref} variant="secondary">
              <Icon name="solid-pencil-square" className="size-4" />
              Edit
            </ButtonLink>
            {plan.isActive ? (
              <ButtonLink to={open("deactivate")} variant="secondary" preventScrollReset>
                <Icon name="solid-no-symbol" className="size-4" />
                Deactivate
              </ButtonLink>
            ) : (
              <ButtonLink to={open("activate")} variant="secondary" preventScrollReset>
                <Icon name="solid-check-circle" className="size-4" />
                Activate
              </ButtonLink>
            )}
            <ButtonLink to={open("delete")} variant="danger" preventScrollReset>
              <Icon name="solid-trash" className="size-4" />
              Delete
            </ButtonLink>
          </>
        ) : undefined,
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <section
          aria-label="Membership tier"
          className="space-y-6 rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200 lg:col-span-2"
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Tier Name</p>
              <p className="mt-1 text-xl font-semibold break-words text-slate-900" data-testid="plan-name">
                {plan.name}
              </p>
            </div>
            <div>
              <p className="text-xs font-medium tracking-wide text-slate-500 uppercase sm:text-right">Status</p>
              <div className="mt-1" data-testid="plan-status">
                <Badge tone={plan.isActive ? "green" : "gray"}>{plan.isActive ? "Active" : "Inactive"}</Badge>
              </div>
            </div>
          </div>

          <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
            <DetailField label="Price">
              <span data-testid="plan-price">
                <span className="text-2xl font-bold tracking-tight">{plan.price}</span>
                <span className="ml-0.5 text-sm whitespace-pre text-slate-500">{plan.periodSuffix}</span>
              </span>
            </DetailField>
            <DetailField label="Billing Period">
              <span data-testid="plan-period">{plan.periodLabel}</span>
            </DetailField>
            <DetailField label="Description" className="sm:col-span-2">
              {plan.description ? (
                <span className="whitespace-pre-line break-words">{plan.description}</span>
              ) : (
                <span className="text-slate-500">No description</span>
              )}
            </DetailField>
            <DetailField label="Features" className="sm:col-span-2">
              {plan.features.length > 0 ? (
                <ul className="mt-1 space-y-2" data-testid="plan-features">
                  {plan.features.map((feature, index) => (
                    <li key={`${index}-${feature}`} className="flex items-start gap-2">
                      <Icon name="solid-check" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                      <span className="min-w-0 break-words">{feature}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-slate-500">No features</span>
              )}
            </DetailField>
            {plan.image ? <TierImage src={plan.image} /> : null}
          </dl>
        </section>

        <div className="space-y-6">
          <Card title="Statistics">
            <dl className="grid grid-cols-2 gap-4">
              <DetailField label="Active Members">
                <span className="text-2xl font-semibold text-slate-900">--</span>
              </DetailField>
              <DetailField label="Total Revenue">
                <span className="text-2xl font-semibold text-slate-900">--</span>
              </DetailField>
            </dl>
          </Card>

          {isAdmin ? (
            <Card title="Quick Actions">
              <div className="flex flex-col gap-2">
                <ButtonLink to={editHref} variant="secondary" className="justify-start">
                  <Icon name="solid-pencil-square" className="size-4" />
                  Edit Membership
                </ButtonLink>
                <ButtonLink
                  to={open("delete")}
                  variant="secondary"
                  preventScrollReset
                  className="justify-start text-red-700"
                >
                  <Icon name="solid-trash" className="size-4" />
                  Delete Membership
                </ButtonLink>
              </div>
            </Card>
          ) : null}

          <Card title="Information">
            <dl className="space-y-4">
              <DetailField label="Membership ID">
                <span className="font-mono break-all" data-testid="plan-id">
                  {plan.id}
                </span>
              </DetailField>
              <DetailField label="Created">{plan.created}</DetailField>
              <DetailField label="Last Updated">{plan.updated}</DetailField>
            </dl>
            {canAudit ? (
              <Link
                to={auditHistoryHref("plan", plan.id)}
                className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800"
              >
                <Icon name="solid-clock" className="size-4" />
                History
              </Link>
            ) : null}
          </Card>
        </div>
      </div>

      {isAdmin && new URLSearchParams(location.search).has("confirm") ? (
        <ConfirmDialog confirmations={PLAN_CONFIRMATIONS} rows={[plan]} action={closeTo} />
      ) : null}
    </div>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl bg-surface p-5 shadow-sm ring-1 ring-slate-200">
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The Tier Image (docs/product.md#membership-details), hidden when it fails to load. That needs JavaScript: the error
 * handler, and a check at hydration for an image that failed before the page came alive.
 */
function TierImage({ src }: { src: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = image.current;
    if (element && element.complete && element.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (failed) return null;
  return (
    <DetailField label="Tier Image" className="sm:col-span-2" data-testid="plan-image">
      {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- "Tier Image" is the product's name for the field */}
      <img
        ref={image}
        src={src}
        alt="Tier image"
        onError={() => setFailed(true)}
        className="mt-1 max-h-48 max-w-full rounded-lg object-contain ring-1 ring-slate-200"
      />
    </DetailField>
  );
}
