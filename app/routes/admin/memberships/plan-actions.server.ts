/**
 * The memberships screens' action table, its server half (plan-actions.ts has the browser's):
 * each plan action's label, check, upstream call, toasts and the trail's word
 * (app/recipe/action-table.server.ts), and the tier form's saves. The list's and the details
 * page's intent schemas and `switch`es, and History, read it.
 */
import * as z from "zod/mini";

import { activateStale, deactivateStale, type PlanIntent } from "./plan-actions";
import type { ActionWord } from "~/audit/entry";
import { UNKNOWN_ACTION } from "~/forms/fields";
import { MEMBERSHIP_MESSAGES } from "~/forms/membership";
import { type ActionTable, rowIntentSchema, tableIntents, type Found } from "~/recipe/action-table.server";
import type { Plan } from "~/upstream/contract/memberships";
import { deletePlan, getPlan, setPlanActive } from "~/upstream/memberships.server";

/** A plan's current state and its name at the time, read before a status change. */
async function readPlan(request: Request, id: string): Promise<Found<Plan>> {
  const plan = await getPlan(request, id);
  return { name: plan.name, state: plan };
}

const STATUS_TOASTS = { done: "Membership status updated successfully!", failed: "Failed to update membership status" };

/**
 * A plan's actions, on the memberships list and the details page (docs/product.md#memberships-list):
 * a status change reads the plan first and never sends a state it already has; a delete is sent
 * unread (the upstream answers for a plan already gone).
 */
export const PLAN_TABLE: ActionTable<PlanIntent, Plan> = {
  kind: "plan",
  read: readPlan,
  actions: {
    activate: {
      label: "Activate",
      stale: activateStale,
      send: (request, id) => setPlanActive(request, id, true),
      ...STATUS_TOASTS,
      records: "activated",
    },
    deactivate: {
      label: "Deactivate",
      stale: deactivateStale,
      send: (request, id) => setPlanActive(request, id, false),
      ...STATUS_TOASTS,
      records: "deactivated",
    },
    delete: {
      label: "Delete",
      send: deletePlan,
      done: "Membership deleted successfully!",
      failed: "Failed to delete membership",
      records: "deleted",
    },
  },
};

/** The tier details page's posts (docs/product.md#membership-details): one of the table's intents, on one plan. */
export const PlanRowActionSchema = rowIntentSchema(tableIntents(PLAN_TABLE), MEMBERSHIP_MESSAGES.idRequired);

/** The memberships list's posts (docs/product.md#memberships-list): the table's row actions and Sync. */
export const PlanListActionSchema = z.discriminatedUnion(
  "intent",
  [PlanRowActionSchema, z.object({ intent: z.literal("sync") })],
  { error: UNKNOWN_ACTION },
);

/** The tier form's saves (docs/product.md#create-membership, docs/product.md#edit-membership): toasts and the trail's word. */
export const PLAN_SAVES = {
  create: { done: "Membership created successfully!", failed: "Failed to create membership", action: "created" },
  update: { done: "Membership updated successfully!", failed: "Failed to update membership", action: "saved" },
} as const satisfies Record<"create" | "update", { done: string; failed: string; action: ActionWord }>;
