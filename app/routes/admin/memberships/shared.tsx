import { ArrowLeftIcon } from "@heroicons/react/20/solid";
import { ExclamationTriangleIcon } from "@heroicons/react/24/outline";

import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";

/** The load failure text of the edit and details pages (spec 2.19, 8). */
export const PLAN_LOAD_ERROR = "Error loading membership. Please try again.";

/** The HTTP status a page answers when its plan could not be loaded. */
export function loadFailureStatus(status: number): number {
  return status === 404 ? 404 : status >= 400 && status < 500 ? status : 502;
}

/** The error state of the edit and details pages, with the way back (spec 2.20). */
export function PlanLoadError() {
  return (
    <div className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <EmptyState
        tone="error"
        icon={ExclamationTriangleIcon}
        title={PLAN_LOAD_ERROR}
        action={
          <ButtonLink to="/memberships" variant="secondary">
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            Back to Memberships
          </ButtonLink>
        }
      />
    </div>
  );
}

