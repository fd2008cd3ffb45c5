import { useEffect } from "react";
import { useRevalidator } from "react-router";

import type { ItemResult } from "./batch-store.server";
import type { BulkResultItem, BulkResultsView } from "./views";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { FormAlert } from "~/components/ui/form-alert";
import { PageHeader } from "~/components/ui/page-header";
import { MutationForm } from "~/recipe/mutation-form";
import { Link } from "~/components/ui/link";

/** How often a running batch's page looks again (docs/decisions/054-how-a-running-batch-is-seen.md). */
const REFRESH_SECONDS = 2;

/** Each result's word and colour. */
const RESULTS: Record<ItemResult, { label: string; tone: "green" | "gray" | "red" | "yellow" }> = {
  pending: { label: "Running", tone: "gray" },
  done: { label: "Done", tone: "green" },
  skipped: { label: "Skipped", tone: "gray" },
  failed: { label: "Failed", tone: "red" },
  unknown: { label: "Outcome unknown", tone: "yellow" },
  notRun: { label: "Not run", tone: "gray" },
};

/** What the interruption notice says, by why the batch was interrupted. */
const INTERRUPTED: Record<NonNullable<BulkResultsView["interrupted"]>, string> = {
  stopped: "The panel was stopped while this batch ran: the items in flight ended, the rest were not sent.",
  lost: "The panel stopped unexpectedly while this batch ran: the items it had not finished are not run (one being sent right then may have been done).",
};

/** The status line of an ended batch: every count, "not run" when some did not run. */
function endedLine({ counts }: BulkResultsView): string {
  const ran = `${counts.done} done, ${counts.skipped} skipped, ${counts.failed} failed, ${counts.unknown} outcome unknown`;
  return counts.notRun > 0 ? `Interrupted: ${ran}, ${counts.notRun} not run.` : `Finished: ${ran}.`;
}

/** Retry's label: what it sends again (each item read again first). */
function retryLabel({ counts, retry }: BulkResultsView): string {
  if (counts.notRun === 0) return `Retry failed (${retry})`;
  return counts.notRun === retry ? `Retry what did not run (${retry})` : `Retry failed and not run (${retry})`;
}

/** While the batch runs, with JavaScript: revalidate every few seconds (without it, the page's refresh does). */
function useRefreshWhile(running: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidate(), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [running, revalidate]);
}

/** The results table's columns: the item (a link to it), its result, and why. */
const HEADERS = ["Item", "Result", "Details"] as const;

/**
 * The results, item by item: a table on a wide screen, a card per item below 48rem of width, each
 * value beside its column's name, as the lists' DataTable shows its rows (its CSS classes, app.css),
 * without its code: the four results pages would make the table part of every admin screen's first
 * load (decision 028).
 */
function ResultsTable({ items }: { items: readonly BulkResultItem[] }) {
  return (
    <div className="@container overflow-hidden rounded-xl bg-surface shadow-sm ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm @max-3xl:block">
        <caption className="sr-only">Results</caption>
        <thead className="bg-slate-50 @max-3xl:sr-only">
          <tr>
            {HEADERS.map((header) => (
              <th
                key={header}
                scope="col"
                className="px-4 py-3 text-xs font-semibold tracking-wide text-slate-600 uppercase"
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 @max-3xl:block">
          {items.map((item) => (
            <tr key={item.id} className="data-row">
              <td className="data-cell data-cell-identity">
                <Link
                  to={item.href}
                  className="font-medium break-words text-brand-700 underline-offset-2 hover:underline"
                >
                  {item.name}
                </Link>
              </td>
              <td data-label="Result" className="data-cell data-cell-stacked whitespace-nowrap">
                <Badge tone={RESULTS[item.result].tone}>{RESULTS[item.result].label}</Badge>
              </td>
              <td data-label="Details" className="data-cell data-cell-stacked break-words">
                {item.detail ?? ""}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The results page of a bulk action (docs/product.md#bulk-actions): each item done, skipped (why),
 * failed (the upstream's message), outcome unknown, or not run (the batch was interrupted); the
 * counts; Retry ("Retry failed ({k})", or with what did not run), "Resend the message ({k})" and
 * the way back to the list with its filters, before the table however long it is. A running
 * batch's page refreshes itself until it ends.
 */
export function BulkResultsPage({ results }: { results: BulkResultsView }) {
  useRefreshWhile(results.running);
  const { counts, more } = results;
  const total = results.items.length;
  return (
    <div className="space-y-6">
      {results.running ? (
        // Without JavaScript the page reloads itself while the batch runs; with it, useRefreshWhile revalidates.
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <PageHeader title={`${results.label}: results`} subtitle={`Bulk action on ${results.title}`} />
      <p role="status" className="text-sm text-slate-800">
        {results.running
          ? `Running: ${total - counts.pending} of ${total} finished. This page updates itself.`
          : endedLine(results)}
      </p>
      {results.interrupted && counts.notRun > 0 ? (
        <FormAlert tone="info">{`${INTERRUPTED[results.interrupted]} ${counts.notRun} ${counts.notRun === 1 ? "item was" : "items were"} not run: Retry reads each again and sends what still applies.`}</FormAlert>
      ) : null}
      {results.reason ? <p className="text-sm text-slate-700">{`Reason: ${results.reason}`}</p> : null}
      {more ? (
        <FormAlert tone="info">
          {`${results.label} applied to ${more.applies} matching ${more.noun}: the first ${more.taken} were taken (at most ${more.taken} at a time). ${more.notReached} were not reached. `}
          <Link to={more.again} className="font-semibold underline underline-offset-2">
            {`Run it again for the other ${more.notReached}`}
          </Link>
        </FormAlert>
      ) : null}
      {results.notApplying > 0 ? (
        <FormAlert tone="info">{`${results.notApplying} matching ${results.notApplying === 1 ? "item was" : "items were"} left out: the action no longer applied to ${results.notApplying === 1 ? "it" : "them"}.`}</FormAlert>
      ) : null}
      {results.cappedAt !== null ? (
        <FormAlert tone="info">{`At most ${results.cappedAt} items are acted on at once: the first ${results.cappedAt} selected were taken.`}</FormAlert>
      ) : null}
      {results.leftOut > 0 ? (
        <FormAlert tone="info">{`${results.leftOut} selected ${results.leftOut === 1 ? "id was" : "ids were"} not on the list and left out.`}</FormAlert>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {results.retry > 0 ? (
          <MutationForm>
            <input type="hidden" name="intent" value="retry" />
            <SubmitButton pendingLabel="Retrying...">{retryLabel(results)}</SubmitButton>
          </MutationForm>
        ) : null}
        {results.resend > 0 ? (
          <MutationForm>
            <input type="hidden" name="intent" value="resend" />
            <SubmitButton pendingLabel="Sending...">{`Resend the message (${results.resend})`}</SubmitButton>
          </MutationForm>
        ) : null}
        <Link to={results.back} className={buttonClass("secondary")}>
          Back to the list
        </Link>
      </div>

      <ResultsTable items={results.items} />
    </div>
  );
}
