import { useLocation } from "react-router";

import type { BulkReviewView } from "./views";
import { keptParams, SavedMessagePicker } from "~/components/moderation/saved-message-picker";
import { buttonClass } from "~/components/ui/button";
import { NoteSummaryLine } from "~/components/moderation/note-summary";
import { ReasonFields } from "~/components/moderation/reason-fields";
import { lazyDialog } from "~/components/ui/lazy-dialog";

// A ban's durations load only on the review page of a ban (decision 026's lazy module).
const BanDurationFields = lazyDialog(() =>
  import("~/components/moderation/ban-fields").then((module) => module.BanDurationFields),
);
import { TextAreaField } from "~/components/ui/field";
import { CancelLink, SubmitButton } from "~/components/ui/form-actions";
import { FormAlert } from "~/components/ui/form-alert";
import { PageHeader } from "~/components/ui/page-header";
import { MutationForm } from "~/recipe/mutation-form";
import { Link } from "~/components/ui/link";

/** What a failed Confirm hands back: the messages and what was typed. */
export interface BulkConfirmFailure {
  errors?: Record<string, { message: string }>;
  values?: Record<string, unknown>;
  formError?: string;
}

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/**
 * The review page of a bulk action (docs/product.md#bulk-actions): the action, the count, every
 * item it applies to (page by page, each a link to the item), what is left out and why, the reason
 * (and Reject's message), Confirm and Cancel. A page in the URL, so Back and reload are harmless;
 * Confirm posts to the same URL and acts on the whole selection, whichever of its pages shows.
 */
export function BulkReviewPage({
  review,
  failure,
}: {
  review: BulkReviewView;
  failure?: BulkConfirmFailure | undefined;
}) {
  if (!review.ok) {
    return (
      <div className="space-y-6">
        <PageHeader title="Bulk action" subtitle={review.title} />
        <FormAlert>{review.message}</FormAlert>
        <Link to={review.back} className={buttonClass("secondary")}>
          Back to the list
        </Link>
      </div>
    );
  }
  return <ReviewOf review={review} failure={failure} />;
}

/** The review page of a selection that can be reviewed. */
function ReviewOf({
  review,
  failure,
}: {
  review: Extract<BulkReviewView, { ok: true }>;
  failure: BulkConfirmFailure | undefined;
}) {
  const location = useLocation();
  const { action, count, noun } = review;
  const error = (name: string) => failure?.errors?.[name]?.message;
  const typed = failure?.values ?? {};
  return (
    <div className="space-y-6">
      <PageHeader
        title={`${action.label} ${count} ${noun}`}
        subtitle={`Bulk action on ${review.title}: review it, then confirm.`}
      />
      {failure?.formError ? <FormAlert>{failure.formError}</FormAlert> : null}
      {review.matching ? (
        <FormAlert tone="info">
          Selected by the list&apos;s filters: the selection is worked out again when you confirm, and the items that
          match then are the ones acted on.
          {review.notReached > 0
            ? ` ${action.label} applies to ${review.applies} matching ${review.appliesNoun}: the first ${review.max} are taken (at most ${review.max} at a time). Run it again for the other ${review.notReached}.`
            : null}
        </FormAlert>
      ) : review.capped ? (
        <FormAlert tone="info">{`At most ${review.max} items are acted on at once: the first ${review.max} selected are taken.`}</FormAlert>
      ) : null}

      <section aria-labelledby="bulk-items" className="space-y-2">
        <h2 id="bulk-items" className="text-lg font-semibold text-slate-900">
          {`${action.label}: ${count} ${noun}`}
        </h2>
        {count > 0 ? (
          <>
            <ol start={review.pages.first} className="list-inside list-decimal text-sm text-slate-800">
              {review.items.map((item) => (
                <li key={item.id}>
                  <Link to={item.href} className="text-brand-700 underline-offset-2 hover:underline">
                    {item.name}
                  </Link>
                  <NoteSummaryLine summary={item.notes} />
                </li>
              ))}
            </ol>
            {review.pages.of > 1 ? <ReviewPages pages={review.pages} count={count} /> : null}
          </>
        ) : (
          <p className="text-sm text-slate-700">
            Nothing to do: the action no longer applies to any of the selected items.
          </p>
        )}
      </section>

      {review.staleCount > 0 ? (
        <section aria-labelledby="bulk-stale" className="space-y-2">
          <h2 id="bulk-stale" className="text-lg font-semibold text-slate-900">
            {`Left out: the action no longer applies (${review.staleCount})`}
          </h2>
          <ul className="list-inside list-disc text-sm text-slate-800">
            {review.stale.map((item) => (
              <li key={item.id}>{item.why}</li>
            ))}
            {review.staleCount > review.stale.length ? (
              <li>{`and ${review.staleCount - review.stale.length} more`}</li>
            ) : null}
          </ul>
        </section>
      ) : null}

      {review.notOnList.length > 0 ? (
        <section aria-labelledby="bulk-not-listed" className="space-y-2">
          <h2 id="bulk-not-listed" className="text-lg font-semibold text-slate-900">
            {`Left out: not on the list (${review.notOnList.length})`}
          </h2>
          <ul className="list-inside list-disc break-all text-sm text-slate-800">
            {review.notOnList.slice(0, 50).map((id, index) => (
              <li key={index}>{`Id ${id}`}</li>
            ))}
          </ul>
        </section>
      ) : null}

      {count > 0 && action.picker ? (
        // Its own GET form before Confirm's (forms do not nest): this page again, with `saved=<id>`.
        <div className="max-w-xl">
          <SavedMessagePicker picker={action.picker} to={location.pathname} keep={keptParams(location.search)} />
        </div>
      ) : null}
      {count > 0 ? (
        <MutationForm className="max-w-xl space-y-4" replace>
          <input type="hidden" name="intent" value="confirm" />
          {action.banOffer ? (
            <BanDurationFields offer={action.banOffer} strikes={null} typed={typed} errors={failure?.errors ?? {}} />
          ) : null}
          {action.reasons ? (
            <ReasonFields id="bulk-reason" reasons={action.reasons} typed={typed} errors={failure?.errors ?? {}} />
          ) : null}
          {action.defaultMessage !== null ? (
            <TextAreaField
              // A new field when another saved message is chosen, so it shows that text.
              key={action.picker?.chosen?.id ?? ""}
              id="bulk-message"
              label="Message to the member (optional)"
              name="message"
              rows={3}
              hint="Sent as a push to each member once the action is done for them; empty it to send none."
              defaultValue={text(typed.message) ?? action.picker?.chosen?.text ?? action.defaultMessage}
              error={error("message")}
            />
          ) : null}
          <div className="flex gap-3">
            <SubmitButton pendingLabel="Running...">Confirm</SubmitButton>
            <CancelLink to={review.back} replace={false} />
          </div>
        </MutationForm>
      ) : (
        <Link to={review.back} className={buttonClass("secondary")}>
          Back to the list
        </Link>
      )}
    </div>
  );
}

const pageLinkClass = buttonClass("secondary", "sm");

/** The review page's pages of the selection: where this one is, Previous and Next, all in the URL. */
function ReviewPages({ pages, count }: { pages: Extract<BulkReviewView, { ok: true }>["pages"]; count: number }) {
  return (
    <nav aria-label="Pages of the selection" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
      <p>{`Showing ${pages.first} to ${pages.last} of ${count}`}</p>
      {pages.previous ? (
        <Link to={pages.previous} rel="prev" className={pageLinkClass}>
          Previous
        </Link>
      ) : null}
      {pages.next ? (
        <Link to={pages.next} rel="next" className={pageLinkClass}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
