/**
 * The bulk pages' loaders and actions (docs/product.md#bulk-actions), one implementation for every
 * list, driven by the list's table (BulkList): the review page (GET) and its Confirm (POST), the
 * results page (GET) and its "Retry failed" (POST). Route modules call them with their list:
 * `export const loader = (args: Route.LoaderArgs) => loadBulkReview(args, usersBulk)`.
 */
import { randomUUID } from "node:crypto";

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";

import type { BulkAction, BulkList } from "./bulk-list";
import { type Batch, type BatchItem, batchStore, type ItemResult } from "./batch-store.server";
import { resolveSelection } from "./resolve.server";
import { auditItem, runBatch } from "./run-batch.server";
import { readSelection, type Selection } from "./selection.server";
import type { BulkResultsView, BulkReviewView } from "./views";
import { env } from "~/config/env.server";
import { MemberMessageSchema } from "~/forms/review-queue.server";
import { parseForm, type FormErrors } from "~/forms/form-data.server";
import { MODERATION_REASONS, OTHER_REASON, reasonFields, reasonLine } from "~/forms/moderation-reasons";
import { logLine } from "~/lib/log.server";
import { pageError } from "~/lib/page-error";
import { runOnce } from "~/recipe/action.server";
import { invalidSubmission, rejectedSubmission } from "~/recipe/failure.server";
import { recordsItsOwnEntries } from "~/session/audit.server";
import { replaceWithInfo } from "~/session/toast.server";
import { getCurrentUser, requireCapability } from "~/session/user.server";

/** Names the review page lists before "and {N} more". */
const NAMES_SHOWN = 20;

/**
 * How long Confirm waits for its batch before it shows the results page: a batch that ends by then
 * shows finished; a longer one shows its progress there (docs/decisions/054-how-a-running-batch-is-seen.md).
 */
const CONFIRM_WAIT_MS = 3_000;

export const BULK_PAGE_TEXTS = {
  nothingToDo: "Nothing to do: the action no longer applies to any of the selected items.",
  nothingToRetry: "Nothing to retry: no item of this batch failed.",
  notFound: "These results are gone: a bulk action's results are kept for 24 hours.",
} as const;

/** A batch id as the panel makes them (randomUUID). */
const BATCH_ID = /^[0-9a-f-]{36}$/;

/** The results page of a batch. */
function resultsHref(list: Pick<BulkList<unknown>, "path">, batchId: string): string {
  return `/${list.path}/bulk/${batchId}`;
}

/** The review page (docs/product.md#bulk-actions): 400 with a link back for a selection that cannot be reviewed. */
export async function loadBulkReview<S, R>({ request }: LoaderFunctionArgs, list: BulkList<S, R>) {
  await requireCapability(request, "bulk-actions");
  const selection = readSelection(new URL(request.url), list);
  if (!selection.ok) {
    const view: BulkReviewView = { ok: false, title: list.title, message: selection.message, back: selection.back };
    return data(view, { status: 400 });
  }
  const max = env().BULK_MAX;
  const { toDo, stale, notOnList, capped } = await resolveSelection(request, list, selection, max);
  const { action } = selection;
  const view: BulkReviewView = {
    ok: true,
    title: list.title,
    back: selection.back,
    action: {
      label: action.label,
      reasons: action.reason ? [...MODERATION_REASONS[action.reason], OTHER_REASON] : null,
      defaultMessage: action.message?.defaultText ?? null,
    },
    matching: selection.scope === "matching",
    max,
    capped,
    count: toDo.length,
    noun: toDo.length === 1 ? list.noun.one : list.noun.many,
    names: toDo.slice(0, NAMES_SHOWN).map((item) => item.name),
    more: Math.max(0, toDo.length - NAMES_SHOWN),
    stale: stale.map(({ item, why }) => ({ id: item.id, name: item.name, why })),
    notOnList,
  };
  return view;
}

/** The Confirm form's reason and message, checked: the reason line the audit keeps and the message to send. */
function readConfirmForm<S>(form: FormData, action: BulkAction<S>) {
  const errors: FormErrors = {};
  let values: Record<string, unknown> = {};
  let reason: string | null = null;
  let message: string | null = null;
  if (action.reason) {
    const parsed = parseForm(form, reasonFields(action.reason));
    values = { ...values, ...parsed.values };
    if (parsed.ok) reason = reasonLine(parsed.data);
    else Object.assign(errors, parsed.errors);
  }
  if (action.message) {
    const parsed = parseForm(form, MemberMessageSchema);
    values = { ...values, ...parsed.values };
    if (parsed.ok) message = parsed.data.message || null;
    else Object.assign(errors, parsed.errors);
  }
  return Object.keys(errors).length > 0
    ? { ok: false as const, errors, values }
    : { ok: true as const, reason, message, values };
}

/**
 * Starts a batch that the store holds, on the detached request of runOnce (it goes on when the
 * browser goes away), and waits for it up to CONFIRM_WAIT_MS before showing its results page.
 */
async function startBatch<S, R>(request: Request, list: BulkList<S, R>, action: BulkAction<S>, batch: Batch) {
  // Each item is an entry of its own, some recorded after the answer: the post itself is not one.
  recordsItsOwnEntries();
  await batchStore().create(batch);
  for (const item of batch.items) auditItem(list, batch, item);
  const running = runBatch(request, list, action, batch).catch((error: unknown) => {
    logLine("error", "bulk batch stopped", { batch: batch.id, error: String(error) });
  });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, CONFIRM_WAIT_MS)));
  // Not awaited to its end on purpose: a long batch goes on after the answer (decision 054).
  await Promise.race([running, waited]);
  clearTimeout(timer);
  return redirect(resultsHref(list, batch.id));
}

/** A new batch of `items` for the signed-in admin. */
function newBatch(request: Request, fields: Omit<Batch, "id" | "admin" | "createdAt" | "finishedAt">): Batch {
  return {
    id: randomUUID(),
    admin: getCurrentUser(request).email,
    createdAt: new Date().toISOString(),
    finishedAt: null,
    ...fields,
  };
}

/**
 * The items of a confirmed selection. Named ids go in as they are: the run reads each one right
 * before sending anyway (the row action's read), and says which are not on the list or no longer
 * apply, so Confirm does not read them all a second time. "Select all matching" is resolved now,
 * from the list's pages, up to `max`, with the rows it no longer applies to already skipped.
 */
async function confirmedItems<S, R>(
  request: Request,
  list: BulkList<S, R>,
  selection: Extract<Selection<S>, { ok: true }>,
  max: number,
): Promise<{ items: BatchItem[]; capped: boolean; leftOut: number }> {
  if (selection.scope === "ids") {
    const items = selection.ids.slice(0, max).map((id) => ({ id, name: "", result: "pending" as const }));
    return { items, capped: selection.ids.length > max, leftOut: selection.malformed.length };
  }
  const { toDo, stale, capped } = await resolveSelection(request, list, selection, max);
  const items: BatchItem[] = [
    ...toDo.map(({ id, name, owner }) => ({ id, name, owner, result: "pending" as const })),
    ...stale.map(({ item, why }) => ({ id: item.id, name: item.name, result: "skipped" as const, detail: why })),
  ];
  return { items, capped, leftOut: 0 };
}

/**
 * Confirm (docs/product.md#bulk-actions), once per one-time key: checks the reason, takes the
 * selection's items (confirmedItems), creates the batch, runs it and shows its results
 * (Post/Redirect/Get). Nothing to do (every matching row skipped) is refused, 400.
 */
export async function confirmBulk<S, R>(args: ActionFunctionArgs, list: BulkList<S, R>) {
  await requireCapability(args.request, "bulk-actions");
  return runOnce(args, async ({ request, form }) => {
    const selection = readSelection(new URL(request.url), list);
    if (!selection.ok) return rejectedSubmission(selection.message);
    const fields = readConfirmForm(form, selection.action);
    if (!fields.ok) return invalidSubmission(fields.errors, fields.values);
    const { items, capped, leftOut } = await confirmedItems(request, list, selection, env().BULK_MAX);
    if (!items.some((item) => item.result === "pending")) {
      return rejectedSubmission(BULK_PAGE_TEXTS.nothingToDo, fields.values);
    }
    const batch = newBatch(request, {
      list: list.path,
      action: selection.actionName,
      reason: fields.reason,
      message: fields.message,
      back: selection.back,
      cappedAt: capped ? env().BULK_MAX : null,
      leftOut,
      items,
    });
    return startBatch(request, list, selection.action, batch);
  });
}

/** The batch of a results URL, on this list; 404 otherwise. */
async function batchOf(list: Pick<BulkList<unknown>, "path">, batchId: string | undefined): Promise<Batch> {
  const batch = batchId && BATCH_ID.test(batchId) ? await batchStore().get(batchId) : undefined;
  if (!batch || batch.list !== list.path) throw pageError(404, BULK_PAGE_TEXTS.notFound);
  return batch;
}

/** Failed items and those whose outcome is unknown: "Retry failed" reads each again before sending anything. */
const retryable = (item: BatchItem) => item.result === "failed" || item.result === "unknown";

/** The results page: each item's result, the counts, and whether the batch still runs. */
export async function loadBulkResults<S, R>(
  { request, params }: LoaderFunctionArgs,
  list: BulkList<S, R>,
): Promise<BulkResultsView> {
  await requireCapability(request, "bulk-actions");
  const batch = await batchOf(list, params.batchId);
  const counts: Record<ItemResult, number> = { pending: 0, done: 0, skipped: 0, failed: 0, unknown: 0 };
  for (const item of batch.items) counts[item.result]++;
  return {
    title: list.title,
    label: list.actions[batch.action]?.label ?? batch.action,
    reason: batch.reason,
    running: batch.finishedAt === null,
    back: batch.back,
    cappedAt: batch.cappedAt,
    leftOut: batch.leftOut,
    counts,
    retry: batch.finishedAt === null ? 0 : batch.items.filter(retryable).length,
    items: batch.items.map(({ id, name, result, detail }) => ({
      id,
      name: name || `Id ${id}`,
      result,
      detail: detail ?? null,
    })),
  };
}

/** "Retry failed ({k})": a new batch of the failed and unknown items, same action and reason, each read again first. */
export async function retryBulk<S, R>(args: ActionFunctionArgs, list: BulkList<S, R>) {
  await requireCapability(args.request, "bulk-actions");
  return runOnce(args, async ({ request }) => {
    const batch = await batchOf(list, args.params.batchId);
    const action = Object.hasOwn(list.actions, batch.action) ? list.actions[batch.action] : undefined;
    const items = batch.items.filter(retryable).map(({ id, name }) => ({ id, name, result: "pending" as const }));
    if (!action || items.length === 0 || batch.finishedAt === null) {
      return replaceWithInfo(request, resultsHref(list, batch.id), BULK_PAGE_TEXTS.nothingToRetry);
    }
    const retry = newBatch(request, {
      list: list.path,
      action: batch.action,
      reason: batch.reason,
      message: batch.message,
      back: batch.back,
      cappedAt: null,
      leftOut: 0,
      items,
    });
    return startBatch(request, list, action, retry);
  });
}
