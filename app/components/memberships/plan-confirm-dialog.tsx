import { ConfirmDialog } from "~/components/ui/confirm-dialog";

/** The confirmations a plan's dangerous actions ask for (docs/product.md#memberships-list), by their `?confirm=` value. */
export const PLAN_CONFIRMATIONS = {
  activate: {
    title: "Activate Membership",
    description: "Are you sure you want to activate this membership?",
    confirmLabel: "Activate",
    tone: "primary",
  },
  deactivate: {
    title: "Deactivate Membership",
    description: "Are you sure you want to deactivate this membership?",
    confirmLabel: "Deactivate",
    tone: "danger",
  },
  delete: {
    title: "Delete Membership",
    description: "Are you sure you want to delete this membership? This action cannot be undone.",
    confirmLabel: "Delete",
    tone: "danger",
  },
} as const;

export type PlanConfirmation = keyof typeof PLAN_CONFIRMATIONS;

/** What the state checks read of a plan. */
export interface PlanState {
  id: string;
  name: string;
  isActive: boolean;
}

/** Why a plan action no longer applies to the plan (e.g. "Membership Basic is already active"), or null. */
export function planStale(confirm: PlanConfirmation) {
  return (plan: PlanState): string | null => {
    if (confirm === "activate" && plan.isActive) return `Membership ${plan.name} is already active`;
    if (confirm === "deactivate" && !plan.isActive) return `Membership ${plan.name} is already inactive`;
    return null;
  };
}

/** True for a `?confirm=` value a plan dialog answers to. */
export function isPlanConfirmation(value: string | null): value is PlanConfirmation {
  return value !== null && Object.hasOwn(PLAN_CONFIRMATIONS, value);
}

/**
 * The confirmation dialog of a plan action (URL state: `?confirm=delete&id=3`). It posts the
 * intent and the id to `action`; an action that no longer applies shows the plan's state instead.
 */
export function PlanConfirmDialog({
  confirm,
  plan,
  cancelTo,
  action,
}: {
  confirm: PlanConfirmation;
  plan: PlanState;
  cancelTo: string;
  action?: string;
}) {
  const text = PLAN_CONFIRMATIONS[confirm];
  return (
    <ConfirmDialog
      title={text.title}
      description={text.description}
      confirmLabel={text.confirmLabel}
      tone={text.tone}
      fields={{ intent: confirm, id: plan.id }}
      cancelTo={cancelTo}
      action={action}
      item={plan.name}
      stale={planStale(confirm)(plan)}
    />
  );
}
