// What the plan confirmations say and when they apply, apart from the dialog itself: the
// memberships screens read them at once, and load the dialog only when one opens (decision 026).

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
