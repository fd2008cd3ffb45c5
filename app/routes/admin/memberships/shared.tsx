import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { Icon } from "~/components/ui/icon";

/** The load failure text of the edit and details pages (docs/product.md#edit-membership). */
export const PLAN_LOAD_ERROR = "Error loading membership. Please try again.";

/** The error state of the edit and details pages, with the way back (docs/product.md#membership-details). */
export function PlanLoadError() {
  return (
    <EmptyState
      card
      tone="error"

      title={PLAN_LOAD_ERROR}
      action={
        <ButtonLink to="/memberships" variant="secondary">
          <Icon name="solid-arrow-left" className="size-4" />
          Back to Memberships
        </ButtonLink>
      }
    />
  );
}
