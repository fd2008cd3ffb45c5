import { redirect } from "react-router";

import { planStale } from "./plan-confirmations";
import { type IntentHandler, rowIntent } from "~/recipe/screen-action.server";
import { redirectWithSuccess } from "~/session/toast.server";
import { deletePlan, getPlan, setPlanActive, syncPlans } from "~/upstream/memberships.server";
import { isUpstreamError } from "~/upstream/errors";

/** Toasts of docs/product.md#memberships-list; the server's message wins when it sends one. */
const TEXTS = {
  status: { ok: "Membership status updated successfully!", failed: "Failed to update membership status" },
  delete: { ok: "Membership deleted successfully!", failed: "Failed to delete membership" },
} as const;

/** A missing or malformed id (docs/product.md#edit-membership). */
const BAD_ID = "Membership ID is required";

/**
 * The row actions of the memberships list and the details page (docs/product.md#memberships-list
 * and docs/product.md#membership-details), posted by their confirmation dialogs. Activate and
 * deactivate read the plan first and never send a state it already has; a deleted plan goes to
 * `afterDelete` (the details page of a deleted plan no longer exists).
 */
export function planRowIntents({ afterDelete }: { afterDelete?: string } = {}) {
  const setActive = (isActive: boolean) =>
    rowIntent({
      current: getPlan,
      stale: planStale(isActive ? "activate" : "deactivate"),
      send: (request, id) => setPlanActive(request, id, isActive),
      done: TEXTS.status.ok,
      failed: TEXTS.status.failed,
      badId: BAD_ID,
    });
  return {
    activate: setActive(true),
    deactivate: setActive(false),
    delete: rowIntent({
      send: deletePlan,
      done: TEXTS.delete.ok,
      failed: TEXTS.delete.failed,
      badId: BAD_ID,
      to: afterDelete,
    }),
  };
}

/**
 * Sync (docs/product.md#memberships-list): POST /membership-plan/sync, then back to the list, which loads afresh. A
 * success shows the server's message; a failure is only logged (docs/product.md#memberships-list), never shown.
 */
export const syncIntent: IntentHandler<Response> = async ({ request, back }) => {
  try {
    const message = await syncPlans(request);
    return message.trim() ? redirectWithSuccess(request, back, message.trim()) : redirect(back);
  } catch (error) {
    // The redirect to /login of an upstream 401 (and any bug) is not a sync failure.
    if (!isUpstreamError(error)) throw error;
    console.warn(
      JSON.stringify({
        time: new Date().toISOString(),
        level: "warn",
        msg: "membership sync failed",
        status: error.status,
        failure: error.failure,
        message: error.message,
      }),
    );
    return redirect(back);
  }
};
