/**
 * The memberships screens' action table, its browser half (docs/product.md#memberships-list,
 * docs/product.md#membership-details): how each plan action is confirmed, and the state check it
 * makes. The list and the details page read it at once and load the dialog only when one opens
 * (decision 026); its server half, keyed the same (plan-actions.server.ts), is typed from these
 * keys and makes the same check before it sends.
 */
import { type Confirmations, deleteConfirmation } from "~/recipe/confirmation";

/** What the state checks read of a plan. */
export interface PlanState {
  id: string;
  name: string;
  isActive: boolean;
}

/** Why activating no longer applies ("Membership Basic is already active"), or null. */
export const activateStale = (plan: PlanState) => (plan.isActive ? `Membership ${plan.name} is already active` : null);
/** Why deactivating no longer applies, or null. */
export const deactivateStale = (plan: PlanState) =>
  plan.isActive ? null : `Membership ${plan.name} is already inactive`;

/** The confirmations a plan's actions ask for, on the list and the details page; the plan's name is named under the question. */
export const PLAN_CONFIRMATIONS = {
  activate: {
    asks: "dialog",
    title: "Activate Membership",
    description: "Are you sure you want to activate this membership?",
    item: (plan) => plan.name,
    confirmLabel: "Activate",
    tone: "primary",
    stale: activateStale,
  },
  deactivate: {
    asks: "dialog",
    title: "Deactivate Membership",
    description: "Are you sure you want to deactivate this membership?",
    item: (plan) => plan.name,
    confirmLabel: "Deactivate",
    tone: "danger",
    stale: deactivateStale,
  },
  delete: deleteConfirmation<PlanState>("membership", (plan) => plan.name),
} satisfies Confirmations<PlanState>;

/** A plan action. */
export type PlanIntent = keyof typeof PLAN_CONFIRMATIONS;
