import { redirect } from "react-router";

import { parseForm } from "~/forms/form-data.server";
import { PlanRowActionSchema, type PlanRowIntent } from "~/forms/membership";
import { rejectedForm } from "~/forms/failure.server";
import { redirectWithError, redirectWithSuccess } from "~/session/toast.server";
import { deletePlan, setPlanActive, syncPlans } from "~/upstream/memberships.server";
import { failureMessage, isUpstreamError } from "~/upstream/errors";

/** Toasts of docs/product.md#memberships-list; the server's message wins when it sends one. */
const TEXTS = {
  status: { ok: "Membership status updated successfully!", failed: "Failed to update membership status" },
  delete: { ok: "Membership deleted successfully!", failed: "Failed to delete membership" },
} as const;

/**
 * The row actions of the memberships list and the details page (docs/product.md#memberships-list and docs/product.md#membership-details), posted by
 * their confirmation dialogs: `activate` and `deactivate` send the wanted state
 * (PATCH /membership-plan/{id}/active sets it, so a double submission changes nothing more),
 * `delete` removes the plan. Success and failure both go to `back` with a toast; a deleted plan
 * goes to `afterDelete` (the details page of a deleted plan no longer exists). An unknown intent
 * or a malformed id is a 400.
 */
export async function planRowAction(
  request: Request,
  formData: FormData,
  { back, afterDelete = back }: { back: string; afterDelete?: string },
) {
  const form = parseForm(formData, PlanRowActionSchema);
  if (!form.ok) return rejectedForm(form);
  const { intent, id } = form.data;
  return rowActions[intent](request, id, back, afterDelete);
}

const rowActions: Record<
  PlanRowIntent,
  (request: Request, id: string, back: string, afterDelete: string) => Promise<Response>
> = {
  activate: (request, id, back) => setActive(request, id, back, true),
  deactivate: (request, id, back) => setActive(request, id, back, false),
  async delete(request, id, back, afterDelete) {
    try {
      const message = await deletePlan(request, id);
      return redirectWithSuccess(request, afterDelete, message.trim() || TEXTS.delete.ok);
    } catch (error) {
      return redirectWithError(request, back, failureMessage(error, TEXTS.delete.failed));
    }
  },
};

async function setActive(request: Request, id: string, back: string, isActive: boolean) {
  try {
    const message = await setPlanActive(request, id, isActive);
    return redirectWithSuccess(request, back, message.trim() || TEXTS.status.ok);
  } catch (error) {
    return redirectWithError(request, back, failureMessage(error, TEXTS.status.failed));
  }
}

/**
 * Sync (docs/product.md#memberships-list): POST /membership-plan/sync, then back to the list, which loads afresh. A
 * success shows the server's message; a failure is only logged (docs/product.md#memberships-list), never shown.
 */
export async function syncAction(request: Request, back: string) {
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
}
