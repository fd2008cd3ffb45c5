import { planStale } from "./plan-confirmations";
import type { RowAction } from "~/recipe/action.server";
import { auditTarget } from "~/session/audit.server";
import type { Plan } from "~/upstream/contract/memberships";
import { deletePlan, getPlan, setPlanActive } from "~/upstream/memberships.server";

/** A plan's current state, read before a status change; it names the admin post's audit entry (the plan's name at the time). */
async function currentPlan(request: Request, id: string): Promise<Plan> {
  const plan = await getPlan(request, id);
  auditTarget({ kind: "plan", id, name: plan.name });
  return plan;
}

/**
 * Activate or deactivate, a row action of the memberships list and the details page
 * (docs/product.md#memberships-list and docs/product.md#membership-details): the plan is read
 * first and a state it already has is never sent.
 */
export function planStatusChange(request: Request, id: string, isActive: boolean): RowAction<Plan> {
  return {
    current: () => currentPlan(request, id),
    stale: planStale(isActive ? "activate" : "deactivate"),
    send: () => setPlanActive(request, id, isActive),
    done: "Membership status updated successfully!",
    failed: "Failed to update membership status",
  };
}

/** Delete, the other row action of both screens: the upstream answers for a plan already gone. */
export function planDeletion(request: Request, id: string): RowAction<never> {
  return {
    send: () => deletePlan(request, id),
    done: "Membership deleted successfully!",
    failed: "Failed to delete membership",
  };
}
