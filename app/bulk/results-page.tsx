import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";

import type { ItemResult } from "./batch-store.server";
import type { BulkResultsView } from "./views";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { FormAlert } from "~/components/ui/form-alert";
import { PageHeader } from "~/components/ui/page-header";
import { MutationForm } from "~/recipe/mutation-form";

/** How often a running batch's page looks again (docs/decisions/054-how-a-running-batch-is-seen.md). */
const REFRESH_SECONDS = 2;

/** Each result's word and colour. */
const RESULTS: Record<ItemResult, { label: string; tone: "green" | "gray" | "red" | "yellow" }> = {
  pending: { label: "Running", tone: "gray" },
  done: { label: "Done", tone: "green" },
  skipped: { label: "Skipped", tone: "gray" },
  failed: { label: "Failed", tone: "red" },
  unknown: { label: "Outcome unknown", tone: "yellow" },
};

/** While the batch runs, with JavaScript: revalidate every few seconds (without it, the page's refresh does). */
function useRefreshWhile(running: boolean) {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void revalidate(), REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [running, revalidate]);
}

/**
 * The results page of a bulk action (docs/product.md#bulk-actions): each item done, skipped (why),
 * failed (the upstream's message) or outcome unknown; the counts; "Retry failed ({k})" and the way
 * back to the list with its filters. A running batch's page refreshes itself until it ends.
 */
export function BulkResultsPage({ results }: { results: BulkResultsView }) {
  useRefreshWhile(results.running);
  const { counts } = results;
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
          : `Finished: ${counts.done} done, ${counts.skipped} skipped, ${counts.failed} failed, ${counts.unknown} outcome unknown.`}
      </p>
      {results.reason ? <p className="text-sm text-slate-700">{`Reason: ${results.reason}`}</p> : null}
      {results.cappedAt !== null ? (
        <FormAlert tone="info">{`More than ${results.cappedAt} items matched: the first ${results.cappedAt} were taken.`}</FormAlert>
      ) : null}
      {results.leftOut > 0 ? (
        <FormAlert tone="info">{`${results.leftOut} selected ${results.leftOut === 1 ? "id was" : "ids were"} not on the list and left out.`}</FormAlert>
      ) : null}

      <div className="overflow-x-auto rounded-lg bg-surface shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">Results</caption>
          <thead>
            <tr>
              <th scope="col" className="px-4 py-2 text-left font-semibold">
                Item
              </th>
              <th scope="col" className="px-4 py-2 text-left font-semibold">
                Result
              </th>
              <th scope="col" className="px-4 py-2 text-left font-semibold">
                Details
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {results.items.map((item) => (
              <tr key={item.id}>
                <td className="px-4 py-2">{item.name}</td>
                <td className="px-4 py-2">
                  <Badge tone={RESULTS[item.result].tone}>{RESULTS[item.result].label}</Badge>
                </td>
                <td className="px-4 py-2 text-slate-700">{item.detail ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap gap-3">
        {results.retry > 0 ? (
          <MutationForm>
            <input type="hidden" name="intent" value="retry" />
            <SubmitButton pendingLabel="Retrying...">{`Retry failed (${results.retry})`}</SubmitButton>
          </MutationForm>
        ) : null}
        <Link to={results.back} className={buttonClass("secondary")}>
          Back to the list
        </Link>
      </div>
    </div>
  );
}
