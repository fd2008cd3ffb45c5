// How the plan actions are confirmed and when they apply, apart from the dialog itself: the
// memberships screens read them at once, and load the dialog only when one opens (decision 026);
// the action (plan-actions.server.ts) makes the same state check before it sends.
import type { Confirmation } from "~/recipe/confirmation";

/** The plan actions that ask first (docs/product.md#memberships-list), by their `?confirm=` value. */
export type PlanConfirmation = "activate" | "deactivate" | "delete";

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

/** The confirmations a plan's dangerous actions ask for, on the list and the details page; the plan's name is named under the question. */
export const PLAN_CONFIRMATIONS = {
  activate: {
    asks: "dialog",
    title: "Activate Membership",
    description: "Are you sure you want to activate this membership?",
    item: (plan) => plan.name,
    confirmLabel: "Activate",
    tone: "primary",
    stale: planStale("activate"),
  },
  deactivate: {
    asks: "dialog",
    title: "Deactivate Membership",
    description: "Are you sure you want to deactivate this membership?",
    item: (plan) => plan.name,
    confirmLabel: "Deactivate",
    tone: "danger",
    stale: planStale("deactivate"),
  },
  delete: {
    asks: "dialog",
    title: "Delete Membership",
    description: "Are you sure you want to delete this membership? This action cannot be undone.",
    item: (plan) => plan.name,
    confirmLabel: "Delete",
    tone: "danger",
    stale: planStale("delete"),
  },
} satisfies Record<PlanConfirmation, Confirmation<PlanState>>;
