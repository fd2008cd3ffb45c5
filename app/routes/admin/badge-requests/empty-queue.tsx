/**
 * The citizenship queue when it has no request for this admin (docs/product.md#citizenship-queue):
 * none pending, or every one skipped by this admin or held by another, named with who holds it.
 */
import { Link } from "~/components/ui/link";

import { requestPath } from "./review-links";
import type { HeldRequest, QueueView } from "./review.server";
import { ButtonLink } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { SubmitButton } from "~/components/ui/form-actions";
import { MutationForm } from "~/recipe/mutation-form";

/** The way back from the queue to the list of requests, from an empty queue or its error state. */
export function BackToRequests() {
  return (
    <ButtonLink variant="secondary" to="/badge-requests">
      Back to Citizenship Requests
    </ButtonLink>
  );
}

export function EmptyQueue({ view }: { view: Extract<QueueView, { kind: "empty" }> }) {
  if (view.pending === 0) {
    return (
      <EmptyState
        card
        icon="outline-shield-check"
        title="No Pending Requests"
        description="There are no citizenship requests waiting for review."
        action={<BackToRequests />}
      />
    );
  }
  return (
    <EmptyState
      card
      icon="outline-shield-check"
      title="No requests left for you"
      description={`${view.skipped} skipped by you, ${view.held.length} being reviewed by other admins.`}
      action={
        <div className="space-y-6">
          {view.held.length > 0 ? <HeldList held={view.held} /> : null}
          <div className="flex flex-wrap justify-center gap-2">
            {view.skipped > 0 ? (
              <MutationForm>
                <input type="hidden" name="intent" value="unskip" />
                <SubmitButton>Show skipped requests again</SubmitButton>
              </MutationForm>
            ) : null}
            <BackToRequests />
          </div>
        </div>
      }
    />
  );
}

/** The requests other admins hold: each by its member's name (a link to it: Take over is there), who holds it and since when. */
function HeldList({ held }: { held: HeldRequest[] }) {
  return (
    <ul aria-label="Being reviewed by other admins" className="space-y-1 text-sm text-slate-700">
      {held.map((item) => (
        <li key={item.id} className="break-words">
          <Link to={requestPath(item.id)} className="font-medium text-brand-700 underline hover:text-brand-800">
            {item.name}
          </Link>
          {` — by ${item.admin} since ${item.since}`}
        </li>
      ))}
    </ul>
  );
}
