import { planStale } from "./plan-confirmations";
import type { RowAction } from "~/recipe/action.server";
import type { Found } from "~/recipe/outcome.server";
import type { Plan } from "~/upstream/contract/memberships";
import { deletePlan, getPlan, setPlanActive } from "~/upstream/memberships.server";

/** A plan's current state and its name at the time, read before a status change. */
async function readPlan(request: Request, id: string): Promise<Found<Plan>> {
  const plan = await getPlan(request, id);
  return { name: plan.name, state: plan };
}

/**
 * Activate or deactivate, a row action of the memberships list and the details page
 * (docs/product.md#memberships-list and docs/product.md#membership-details): the plan is read
 * first and a state it already has is never sent.
 */
export function planStatusChange(request: Request, id: string, isActive: boolean): RowAction<Plan> {
  return {
    target: { kind: "plan", id },
    action: isActive ? "activate" : "deactivate",
    read: () => readPlan(request, id),
    stale: planStale(isActive ? "activate" : "deactivate"),
    send: () => setPlanActive(request, id, isActive),
    done: "Membership status updated successfully!",
    failed: "Failed to update membership status",
  };
}

/** Delete, the other row action of both screens: the upstream answers for a plan already gone. */
export function planDeletion(request: Request, id: string): RowAction<never> {
  return {
    target: { kind: "plan", id },
    action: "delete",
    send: () => deletePlan(request, id),
    done: "Membership deleted successfully!",
    failed: "Failed to delete membership",
  };
}
