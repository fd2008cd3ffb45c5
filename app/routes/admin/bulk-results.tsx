/**
 * The results page of a bulk action (docs/product.md#bulk-actions), one route for every list's
 * batches: `/{list}/bulk/{batchId}`. Its loader reads the batch (each item's result, the counts,
 * whether it still runs); its action is Retry, a new batch of the items that did not end done, each
 * read again first, or "Resend the message" to the members whose item was done without it; its page
 * refreshes itself while the batch runs. A new batch starts as Confirm's does
 * (app/bulk/bulk-action.server.ts: newBatch, startBatch).
 */
import { useEffect } from "react";
import { useRevalidator } from "react-router";
import * as z from "zod/mini";

import type { Route } from "./+types/bulk-results";
import { announcementsBulk } from "./announcements/announcement-actions.server";
import { badgeRequestsBulk } from "./badge-requests/badge-actions.server";
import { postsBulk } from "./posts/post-actions.server";
import { usersBulk } from "./users/user-actions.server";
import { newBatch, resultsHref, startBatch } from "~/bulk/bulk-action.server";
import { type Batch, type BatchItem, batchStore, type ItemResult } from "~/bulk/batch-store.server";
import type { BulkList } from "~/bulk/bulk-list";
import type { BulkResultItem, BulkResultsView } from "~/bulk/views";
import { Badge } from "~/components/ui/badge";
import { buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/form-actions";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { PageHeader } from "~/components/ui/page-header";
import { UNKNOWN_ACTION } from "~/forms/fields";
import { pageError } from "~/lib/page-error";
import type { TableAction } from "~/recipe/action-table.server";
import { MutationForm } from "~/recipe/mutation-form";
import { requireReauthentication } from "~/recipe/reauthentication.server";
import { requireIntent } from "~/recipe/route-guard.server";
import { parseSubmission, runOnce, unhandledIntent } from "~/recipe/submission.server";
import { mayPost } from "~/session/permissions";
import { REAUTHENTICATE_OVER } from "~/session/reauthentication.server";
import { replaceWithInfo } from "~/session/toast.server";
import { requireUser } from "~/session/user.server";

const RESULTS_TEXTS = {
  nothingToRetry: "Nothing to retry: no item of this batch failed.",
  nothingToResend: "Nothing to resend: every message of this batch was sent.",
  notFound: "These results are gone: a bulk action's results are kept for 24 hours.",
} as const;

/**
 * A list as the results page handles it: its items' state and rows only pass between the list's
 * own functions (a batch is read, run and retried by the list that made it), so this route need
 * not know their types.
 */
type AnyBulkList = BulkList<unknown, unknown>;
const anyList = <S, R, K extends string>(list: BulkList<S, R, K>) => list as unknown as AnyBulkList;

/**
 * The list a results URL is on (`/users/bulk/{batchId}`: users), among the lists with bulk actions;
 * 404 for a path no list has. The lists are named inside the function the loader and the action
 * call, so no server-only module reaches the browser's bundle.
 */
function bulkListOf(request: Request): AnyBulkList {
  const path = new URL(request.url).pathname.split("/")[1] ?? "";
  const lists = [anyList(usersBulk), anyList(badgeRequestsBulk), anyList(postsBulk), anyList(announcementsBulk)];
  const list = lists.find((each) => each.path === path);
  if (!list) throw pageError(404, "Not found");
  return list;
}

/** A batch id as the panel makes them (randomUUID). */
const BATCH_ID = /^[0-9a-f-]{36}$/;

/** The batch of a results URL, on this list; 404 otherwise. */
async function batchOf(list: AnyBulkList, batchId: string | undefined): Promise<Batch> {
  const batch = batchId && BATCH_ID.test(batchId) ? await batchStore().get(batchId) : undefined;
  if (!batch || batch.list !== list.path) throw pageError(404, RESULTS_TEXTS.notFound);
  return batch;
}

/**
 * Failed items, those whose outcome is unknown, and those an interrupted batch did not run: Retry
 * reads each again before sending anything.
 */
const retryable = (item: BatchItem) =>
  item.result === "failed" || item.result === "unknown" || item.result === "notRun";

/** Done items whose message to the member was not sent: "Resend the message" sends it alone. */
const resendable = (item: BatchItem) => item.result === "done" && item.messageFailed === true;

/** The table's entry of a batch's action; none for a name the table no longer has. */
function tableEntry(list: AnyBulkList, batch: Batch): TableAction<unknown> | undefined {
  const { actions } = list.table as { actions: Record<string, TableAction<unknown>> };
  return Object.hasOwn(actions, batch.action) ? actions[batch.action] : undefined;
}

/** The label of a batch that sends only the message to the member. */
const RESEND_LABEL = "Resend the message";

/** The results page: each item's result, the counts, and whether the batch still runs. */
export async function loader({ request, params }: Route.LoaderArgs): Promise<BulkResultsView> {
  const { panelRole } = await requireUser(request);
  const list = bulkListOf(request);
  const batch = await batchOf(list, params.batchId);
  const counts: Record<ItemResult, number> = { pending: 0, done: 0, skipped: 0, failed: 0, unknown: 0, notRun: 0 };
  for (const item of batch.items) counts[item.result]++;
  // Retry, Resend and "the rest" run the batch's action again: offered to a role that may (permissions.ts).
  const again = mayPost(panelRole, `/${list.path}/bulk`, batch.action);
  const ended = batch.finishedAt !== null;
  const more = again ? batch.more : undefined;
  return {
    title: list.title,
    label: batch.messageOnly ? RESEND_LABEL : (tableEntry(list, batch)?.label ?? batch.action),
    reason: batch.reason,
    running: !ended,
    interrupted: batch.interrupted ?? null,
    back: batch.back,
    cappedAt: batch.cappedAt,
    leftOut: batch.leftOut,
    more: more
      ? {
          ...more,
          notReached: more.applies - more.taken,
          noun: more.applies === 1 ? list.noun.one : list.noun.many,
        }
      : null,
    notApplying: batch.notApplying ?? 0,
    counts,
    retry: ended && again ? batch.items.filter(retryable).length : 0,
    resend: ended && again && batch.message && !batch.messageOnly ? batch.items.filter(resendable).length : 0,
    items: batch.items.map(({ id, name, result, detail }) => {
      const shown = name || `Id ${id}`;
      return { id, name: shown, href: list.itemHref({ id, name: shown }), result, detail: detail ?? null };
    }),
  };
}

/** The page's buttons: Retry (failed, unknown and not-run items) and "Resend the message". */
const ResultsActionSchema = z.object(
  { intent: z.enum(["retry", "resend"], { error: UNKNOWN_ACTION }) },
  { error: UNKNOWN_ACTION },
);

/**
 * Retry ("Retry failed ({k})", "Retry what did not run ({k})"): a new batch of the failed, unknown
 * and not-run items, same action, reason and message, each read again first. "Resend the message
 * ({k})": a new batch that sends only the message to the members whose item was done without it.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  await requireUser(request);
  return runOnce({ request, context }, async ({ request, form }) => {
    const submission = parseSubmission(form, ResultsActionSchema);
    if (!submission.ok) return submission.rejected;
    const list = bulkListOf(request);
    const batch = await batchOf(list, params.batchId);
    // A Retry runs the batch's action again: the role must be one that may (permissions.ts).
    await requireIntent(request, `/${list.path}/bulk`, batch.action);
    const { intent } = submission.value;
    switch (intent) {
      case "retry":
        return again(request, list, batch, batch.items.filter(retryable), false);
      case "resend":
        return again(
          request,
          list,
          batch,
          batch.messageOnly || !batch.message ? [] : batch.items.filter(resendable),
          true,
        );
      default:
        return unhandledIntent(intent);
    }
  });
}

/**
 * A new batch of `chosen` items of `batch` (a message-only one when `resend`), after a
 * re-authentication over REAUTHENTICATE_OVER items; nothing to do is said on the results page.
 */
async function again(request: Request, list: AnyBulkList, batch: Batch, chosen: BatchItem[], resend: boolean) {
  const entry = tableEntry(list, batch);
  const items = chosen.map(({ id, name, owner }) => ({ id, name, owner, result: "pending" as const }));
  if (!entry || items.length === 0 || batch.finishedAt === null) {
    const nothing = resend ? RESULTS_TEXTS.nothingToResend : RESULTS_TEXTS.nothingToRetry;
    return replaceWithInfo(request, resultsHref(list, batch.id), nothing);
  }
  // A Retry or a resend over REAUTHENTICATE_OVER items is a bulk action too (decision 080).
  if (items.length > REAUTHENTICATE_OVER) {
    const noun = items.length === 1 ? list.noun.one : list.noun.many;
    await requireReauthentication(request, `${resend ? RESEND_LABEL : entry.label} ${items.length} ${noun}`);
  }
  const next = newBatch(request, {
    list: list.path,
    action: batch.action,
    reason: batch.reason,
    message: batch.message,
    until: batch.until ?? null,
    back: batch.back,
    cappedAt: null,
    leftOut: 0,
    messageOnly: resend || batch.messageOnly === true,
    items,
  });
  return startBatch(request, list, entry, next);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: ["Bulk action results", loaderData?.title, "Admin Dashboard"].filter(Boolean).join(" · ") },
];

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
export default function BulkResults({ loaderData: results }: Route.ComponentProps) {
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
