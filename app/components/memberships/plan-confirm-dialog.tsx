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

/** True for a `?confirm=` value a plan dialog answers to. */
export function isPlanConfirmation(value: string | null): value is PlanConfirmation {
  return value !== null && Object.hasOwn(PLAN_CONFIRMATIONS, value);
}

/**
 * The confirmation dialog of a plan action (URL state: `?confirm=delete&id=3`). It posts the
 * intent and the id to `action`; activate and deactivate name the wanted state.
 */
export function PlanConfirmDialog({
  confirm,
  plan,
  cancelTo,
  action,
}: {
  confirm: PlanConfirmation;
  plan: { id: string };
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
    />
  );
}
