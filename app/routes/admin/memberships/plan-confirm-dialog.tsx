import { PLAN_CONFIRMATIONS, type PlanConfirmation, type PlanState, planStale } from "./plan-confirmations";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";

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
